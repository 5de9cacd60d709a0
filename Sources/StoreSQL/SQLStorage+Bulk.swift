import Foundation
import OAuthCore

extension SQLStorage {
    /// One transaction; rows go in `bulkRows` at a time through one multi-row INSERT, prepared once
    /// and reused (each backend caches statements by their text), the rest one row at a time.
    /// A plain `run`, not `insert`: a conflict fails the whole call anyway, so no savepoint is needed.
    public func insertTokens(_ tokens: some Sequence<TokenRecord>) throws {
        var batch: [SQLValue] = []
        batch.reserveCapacity(bulkRows * Columns.tokenCount)
        try atomic { db in
            for token in tokens {
                batch += Self.tokenValues(token, scope: try .strings(token.scope))
                guard batch.count == bulkRows * Columns.tokenCount else { continue }
                try db.run(bulkInsertTokensSQL, batch)
                batch.removeAll(keepingCapacity: true)
            }
            for row in stride(from: 0, to: batch.count, by: Columns.tokenCount) {
                try db.run(insertTokenSQL, Array(batch[row..<row + Columns.tokenCount]))
            }
        }
    }

    /// The token columns in `Columns.token` order.
    package static func tokenValues(_ token: TokenRecord, scope: SQLValue) -> [SQLValue] {
        [
            .text(token.hash), .text(token.kind.rawValue), .text(token.grantID), .text(token.clientID),
            .text(token.accountID), scope, .date(token.authTime), .date(token.createdAt),
            .optionalDate(token.expiresAt), .optionalDate(token.revokedAt), .optionalDate(token.rotatedAt),
        ]
    }
}

/// One token row (`insertToken`), built once.
package let insertTokenSQL = "INSERT INTO tokens (\(Columns.token)) VALUES " + tokenPlaceholders(rows: 1)
private let bulkRows = 200
private let bulkInsertTokensSQL = "INSERT INTO tokens (\(Columns.token)) VALUES " + tokenPlaceholders(rows: bulkRows)

/// `($1, …, $11), ($12, …, $22), …` for `rows` rows of the token columns.
private func tokenPlaceholders(rows: Int) -> String {
    (0..<rows).map { row in
        "(" + (1...Columns.tokenCount).map { "$\(row * Columns.tokenCount + $0)" }.joined(separator: ", ") + ")"
    }.joined(separator: ", ")
}
