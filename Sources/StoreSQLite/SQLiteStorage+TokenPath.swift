import Foundation
import OAuthCore
import StoreSQL

/// The token path's two checked writes as SQLite runs them: a read and then a plain INSERT on its one
/// writer connection (SQLiteStorage.insertToken), safe only because a single writer cannot be
/// interleaved with a revocation between the two. PostgreSQL, with many writers, sends StoreSQL's
/// `insertWhileLiveLockingSQL` instead (SQLStorage+TokenPath.swift). An INSERT that reads its own table
/// (`INSERT … SELECT … FROM tokens`) would make SQLite build a temporary table every time.
extension SQLiteStorage {
    /// `insertToken(derivedFrom:readAhead:at:_:)` with nothing read ahead: the live read (full rows:
    /// `derive` needs them), `derive`, the INSERT.
    static func insertDerived(
        _ refreshHash: String, _ now: Date, _ derive: @escaping @Sendable (LiveToken) throws -> TokenRecord
    ) -> @Sendable (any SQLConnection) throws -> DerivedToken? {
        { db in
            guard let live = try db.query(liveTokenSQL, [.text(refreshHash), .date(now)], liveTokenRow).first
            else { return nil }
            let record = try derive(live)
            try db.run(insertTokenSQL, tokenValues(record, scope: try .strings(record.scope)))
            return DerivedToken(from: live, inserted: record)
        }
    }

    /// `insertToken(_:whileLive:at:)`. Not `insertDerived` with a constant `derive`: that reads and
    /// decodes the token's and the account's columns (17 values, the scope list) where this reads `1`,
    /// and would build the row's values inside the writer's turn rather than before it.
    static func insertWhileLive(_ token: TokenRecord, _ refreshHash: String, _ now: Date) throws
        -> @Sendable (any SQLConnection) throws -> Bool
    {
        let values = tokenValues(token, scope: try .strings(token.scope))
        let check: [SQLValue] = [.text(refreshHash), .date(now)]
        return { db in
            guard try !db.query(liveCheckSQL, check, { _ in true }).isEmpty
            else { return false }
            try db.run(insertTokenSQL, values)
            return true
        }
    }
}

/// Whether the token under $1 is live at $2 (StoreSQL's `liveFrom`), built once.
private let liveCheckSQL = "SELECT 1 \(liveFrom(hash: "$1", now: "$2"))"
