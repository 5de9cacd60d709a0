import Foundation
import OAuthCore

/// `TokenPathStore` in one statement each. The WHERE clause is `TokenRecord.isUsable(at:)` and an
/// active account, said in SQL (StoreConformance "token path" holds it to the same answers).
extension SQLStorage {
    public func liveToken(hash: String, at now: Date) throws -> LiveToken? {
        try access { try $0.query(liveTokenSQL, [.text(hash), .date(now)], liveTokenRow) }.first
    }

    /// The same statement, sent by the backend's suspending read (PostgreSQL: PGReader).
    public func readLiveToken(hash: String, at now: Date) async throws -> LiveToken? {
        try await read(liveTokenSQL, [.text(hash), .date(now)], liveTokenRow).first
    }
}

/// A row of `liveTokenSQL`.
package func liveTokenRow(_ row: any SQLRow) throws -> LiveToken {
    LiveToken(record: try row.token(), account: try ShiftedRow(row, by: Int32(Columns.tokenCount)).account())
}

/// The token columns then the account columns, for the token under $1 live at $2.
package let liveTokenSQL = """
    SELECT \(prefixed("t", Columns.token)), \(prefixed("a", Columns.account)) \(liveFrom(hash: "$1", now: "$2"))
    """

/// `insertToken(_:whileLive:at:)` for a store with many writers (PostgreSQL; SQLite, with one writer,
/// runs a read and a plain INSERT instead: SQLiteStorage+TokenPath.swift): many refreshes' access tokens in
/// one statement, each row written only while its own refresh token is live at its own time, a check that a
/// revocation cannot separate from the write. Parameters: one array per token column (`Columns.token`), then
/// the refresh tokens' hashes and the times; a row per element, in the arrays' order. Returns the hash of each
/// token written.
///
/// It reads a snapshot, which does not show a revocation still in progress, so each row's check locks its
/// grant's row (`FOR SHARE`): a `revokeGrant` that updated the grant first makes the insert wait and then
/// find it revoked; one that comes second waits for the insert to commit, and its UPDATE of the tokens (a
/// later statement, a later snapshot) then revokes the new tokens too. The rows are checked, and so locked,
/// in the arrays' order: the plan scans `unnest` in order and filters each row as it comes.
package let insertWhileLiveLockingSQL = """
    INSERT INTO tokens (\(Columns.token))
    SELECT \(prefixed("v", Columns.token))
    FROM unnest(\(liveInsertArrays)) AS v(\(Columns.token), refresh, now)
    WHERE EXISTS (
        SELECT 1 \(liveFrom(hash: "v.refresh", now: "v.now", grant: true)) AND g.revoked_at IS NULL FOR SHARE OF g)
    RETURNING hash
    """

/// The arrays of `insertWhileLiveLockingSQL`, each typed by a CAST to its column's type (the token's
/// columns, then the refresh token's hash and the time), from which the engine infers the parameter's.
private let liveInsertArrays = (Array(repeating: "TEXT", count: 6) + Array(repeating: "BIGINT", count: 5) + ["TEXT", "BIGINT"])
    .enumerated().map { "CAST($\($0.offset + 1) AS \($0.element)[])" }.joined(separator: ", ")

extension SQLStorage {
    /// One row of `insertWhileLiveLockingSQL`: an element for each of its arrays.
    package static func liveInsertRow(_ token: TokenRecord, _ refreshHash: String, _ now: Date) throws -> [SQLValue] {
        tokenValues(token, scope: try .strings(token.scope)) + [.text(refreshHash), .date(now)]
    }
}

/// The one place the live rule is said in SQL for one token: the token under `hash` joined to its
/// account (`a`), live by `liveCondition`; with `grant`, also to its grant (`g`), for a check that locks
/// it. A read needs no grant: revoking a grant revokes its tokens in the same transaction.
package func liveFrom(hash: String, now: String, grant: Bool = false) -> String {
    """
    FROM tokens t JOIN accounts a ON a.id = t.account_id\(grant ? " JOIN grants g ON g.id = t.grant_id" : "")
    WHERE t.hash = \(hash) \(liveCondition(now: now))
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
