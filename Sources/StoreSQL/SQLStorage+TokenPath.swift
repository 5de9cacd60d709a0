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

/// `insertToken(_:whileLive:at:)` and `insertAccessToken(_:refreshing:readAhead:at:)` for a store with many writers
/// (PostgreSQL; SQLite, with one writer, runs a read and a plain INSERT instead: SQLiteStorage+TokenPath.swift):
/// many refreshes' access tokens in one statement, each row written only while its own refresh token is
/// live at its own time, a check that a revocation cannot separate from the write. Parameters: one array
/// per token column (`Columns.token`), then the refresh tokens' hashes, the times, and the clients whose
/// refresh token each row must be (NULL: any live token); a row per element, in the arrays' order. A row's
/// NULL grant, client, account, scope and auth time are the refresh token's (`AccessTokenRecipe.record(from:)`
/// said in SQL). Returns each written token's columns and then its account's (as `liveTokenSQL`).
///
/// It reads a snapshot, which does not show a revocation still in progress, so each row's check locks its
/// grant's row (`FOR SHARE`): a `revokeGrant` that updated the grant first makes the insert wait and then
/// find it revoked; one that comes second waits for the insert to commit, and its UPDATE of the tokens (a
/// later statement, a later snapshot) then revokes the new tokens too. The rows are checked, and so their
/// grants locked, in the byte order of those grants' ids (`COLLATE "C"`), the order in which revocations
/// lock grants (OAuthCore's `GrantLockOrder`), so the two cannot wait for each other in a cycle: the rows
/// are first sorted by the grant of their refresh token (a token's grant never changes), and the check is
/// a LATERAL subquery that `OFFSET 0` keeps from being pulled up into a join, so it runs for each row in
/// turn.
package let insertWhileLiveLockingSQL = """
    WITH written AS (
        INSERT INTO tokens (\(Columns.token))
        SELECT v.hash, v.kind, COALESCE(v.grant_id, r.grant_id), COALESCE(v.client_id, r.client_id),
               COALESCE(v.account_id, r.account_id), COALESCE(v.scope, r.scope), COALESCE(v.auth_time, r.auth_time),
               v.created_at, v.expires_at, v.revoked_at, v.rotated_at
        FROM (
            SELECT u.*, (SELECT t.grant_id COLLATE "C" FROM tokens t WHERE t.hash = u.refresh) AS lock_order
            FROM unnest(\(liveInsertArrays)) AS u(\(Columns.token), refresh, now, holder)
            ORDER BY lock_order OFFSET 0) AS v
        CROSS JOIN LATERAL (
            SELECT t.grant_id, t.client_id, t.account_id, t.scope, t.auth_time
            \(liveFrom(hash: "v.refresh", now: "v.now", grant: true)) AND g.revoked_at IS NULL
            AND (v.holder IS NULL OR (t.kind = 'refresh' AND t.client_id = v.holder))
            OFFSET 0 FOR SHARE OF g) AS r
        RETURNING \(Columns.token))
    SELECT \(prefixed("w", Columns.token)), \(prefixed("a", Columns.account))
    FROM written w JOIN accounts a ON a.id = w.account_id
    """

/// The arrays of `insertWhileLiveLockingSQL`, each typed by a CAST to its column's type (the token's
/// columns, then the refresh token's hash, the time and the client), from which the engine infers the
/// parameter's.
private let liveInsertArrays =
    (Array(repeating: "TEXT", count: 6) + Array(repeating: "BIGINT", count: 5) + ["TEXT", "BIGINT", "TEXT"])
    .enumerated().map { "CAST($\($0.offset + 1) AS \($0.element)[])" }.joined(separator: ", ")

extension SQLStorage {
    /// A row of `insertWhileLiveLockingSQL` for `insertToken(_:whileLive:at:)`: `token` as it is.
    package static func liveInsertRow(_ token: TokenRecord, _ refreshHash: String, _ now: Date) throws -> [SQLValue] {
        tokenValues(token, scope: try .strings(token.scope)) + [.text(refreshHash), .date(now), .null]
    }

    /// A row of `insertWhileLiveLockingSQL` for `insertAccessToken(_:refreshing:readAhead:at:)`: the grant, client,
    /// account, scope and auth time left to the refresh token, which must be `recipe.clientID`'s.
    package static func grantedInsertRow(_ recipe: AccessTokenRecipe, _ refreshHash: String, _ now: Date) -> [SQLValue] {
        [.text(recipe.hash), .text(TokenRecord.Kind.access.rawValue), .null, .null, .null, .null, .null,
         .date(recipe.createdAt), .optionalDate(recipe.expiresAt), .null, .null,
         .text(refreshHash), .date(now), .text(recipe.clientID)]
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
