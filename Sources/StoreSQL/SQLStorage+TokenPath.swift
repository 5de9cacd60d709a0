import Foundation
import OAuthCore

/// `TokenPathStore` in one statement each. The WHERE clause is `TokenRecord.isUsable(at:)` and an
/// active account, said in SQL (StoreConformance "token path" holds it to the same answers).
extension SQLStorage {
    public func liveToken(hash: String, at now: Date) throws -> LiveToken? {
        try read(liveTokenSQL, [.text(hash), .date(now)]) { row in
            LiveToken(record: try row.token(), account: try ShiftedRow(row, by: Int32(tokenColumnCount)).account())
        }
        .first
    }

    /// `INSERT … SELECT … WHERE EXISTS`: the check and the write are one statement, so nothing can
    /// revoke the refresh token between them. SQLite runs it under its writer lock. PostgreSQL reads a
    /// snapshot, which does not show a revocation still in progress, so the check locks the grant's row
    /// (`FOR SHARE`): a `revokeGrant` that updated the grant first makes the insert wait and then find it
    /// revoked; one that comes second waits for the insert to commit, and its UPDATE of the tokens (a
    /// later statement, a later snapshot) then revokes the new token too.
    public func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        let statement = try Self.insertWhileLive(token, refreshHash, now)
        return try access { try statement($0) }
    }

    /// The statement of `insertToken(_:whileLive:at:)`, for a backend that runs it its own way (SQLite
    /// queues it for its group commit).
    package static func insertWhileLive(_ token: TokenRecord, _ refreshHash: String, _ now: Date) throws
        -> @Sendable (any SQLConnection) throws -> Bool
    {
        let values = try insertWhileLiveValues(token, refreshHash, now)
        return { db in
            try db.run(db.writesConcurrently ? insertWhileLiveLockingSQL : insertWhileLiveSQL, values) == 1
        }
    }

    /// The SQL and values of that statement (one row changed: written) for a backend whose connections
    /// write concurrently (or not), to send several in one round trip (PostgreSQL's group commit,
    /// StorePostgres/PGInsertBatch.swift).
    package static func insertWhileLiveStatement(
        _ token: TokenRecord, _ refreshHash: String, _ now: Date, writesConcurrently: Bool
    ) throws -> (sql: String, values: [SQLValue]) {
        (writesConcurrently ? insertWhileLiveLockingSQL : insertWhileLiveSQL, try insertWhileLiveValues(token, refreshHash, now))
    }

    private static func insertWhileLiveValues(_ token: TokenRecord, _ refreshHash: String, _ now: Date) throws
        -> [SQLValue]
    {
        tokenValues(token, scope: try .strings(token.scope)) + [.text(refreshHash), .date(now)]
    }
}

/// The token columns then the account columns, for the token under $1 live at $2.
private let liveTokenSQL = """
    SELECT \(prefixed("t", Columns.token)), \(prefixed("a", Columns.account))
    FROM tokens t JOIN accounts a ON a.id = t.account_id
    WHERE t.hash = $1 \(liveCondition(now: "$2"))
    """

/// Both engines infer a parameter's type from a CAST, so the SELECT list has the columns' types.
private let insertWhileLiveSQL = insertWhileLive(check: """
    SELECT 1 FROM tokens t JOIN accounts a ON a.id = t.account_id
    WHERE t.hash = $12 \(liveCondition(now: "$13"))
    """)

/// The check also locks the grant's row, and finds it unrevoked after waiting for a writer of it.
private let insertWhileLiveLockingSQL = insertWhileLive(check: """
    SELECT 1 FROM tokens t JOIN accounts a ON a.id = t.account_id JOIN grants g ON g.id = t.grant_id
    WHERE t.hash = $12 \(liveCondition(now: "$13")) AND g.revoked_at IS NULL
    FOR SHARE OF g
    """)

private func insertWhileLive(check: String) -> String {
    """
    INSERT INTO tokens (\(Columns.token))
    SELECT CAST($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS TEXT), CAST($5 AS TEXT),
           CAST($6 AS TEXT), CAST($7 AS BIGINT), CAST($8 AS BIGINT), CAST($9 AS BIGINT), CAST($10 AS BIGINT),
           CAST($11 AS BIGINT)
    WHERE EXISTS (\(check))
    """
}

/// `isUsable(at:)` (unrevoked, unexpired at `now`) and an active account (`a`).
func liveCondition(now: String) -> String {
    "AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > \(now)) AND a.status = 'active'"
}

func prefixed(_ alias: String, _ columns: String) -> String {
    columns.split(separator: ",").map { "\(alias).\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }
        .joined(separator: ", ")
}

/// A row read from column `offset` on: a decoder written for a table's own columns reads them after
/// another table's in a JOIN.
struct ShiftedRow: SQLRow {
    let base: any SQLRow
    let offset: Int32

    init(_ base: any SQLRow, by offset: Int32) {
        self.base = base
        self.offset = offset
    }

    func isNull(_ column: Int32) -> Bool { base.isNull(column + offset) }
    func optionalText(_ column: Int32) throws -> String? { try base.optionalText(column + offset) }
    func int64(_ column: Int32) throws -> Int64 { try base.int64(column + offset) }
    func bool(_ column: Int32) throws -> Bool { try base.bool(column + offset) }
    func bytes(_ column: Int32) throws -> [UInt8] { try base.bytes(column + offset) }
}
