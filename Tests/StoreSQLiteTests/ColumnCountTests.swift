import Foundation
import Testing

@testable import StoreSQL
@testable import StoreSQLite

/// `Columns.clientCount` and `Columns.tokenCount` (Sources/StoreSQL/SQLRows.swift) are the number of
/// columns SQLite returns for each list, alone and in the introspection's JOIN, whose decoder starts
/// the token's columns after the client's and the account's after both (SQLStorage+ClientToken.swift).
@Suite struct ColumnCountTests {
    @Test func eachCountIsWhatTheSelectReturns() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            #expect(try columns(storage, Self.select(Columns.client, from: "clients")) == Columns.clientCount)
            #expect(try columns(storage, Self.select(Columns.token, from: "tokens")) == Columns.tokenCount)
            #expect(Columns.clientCount == 15 && Columns.tokenCount == 11, "the decoders read columns 0…14 and 0…10")
            let joined = Columns.clientCount + Columns.tokenCount + Columns.count(Columns.account)
            #expect(try columns(storage, clientAndLiveTokenSQL, [.text("none"), .text("none"), .integer(0)]) == joined)
            // PostgreSQL's conditional INSERT has an array for each token column, the refresh token's hash, the
            // time and the client, each typed with a CAST (SQLStorage+TokenPath.swift).
            #expect(insertWhileLiveLockingSQL.components(separatedBy: "[])").count - 1 == Columns.tokenCount + 3)
        }
    }

    /// One all-NULL row of `list` from `table`, whether or not the table has rows.
    static func select(_ list: String, from table: String) -> String {
        "SELECT \(list) FROM (SELECT 1 AS one) one LEFT JOIN \(table) ON 0 = 1"
    }

    /// How many columns the first row of `sql` has, as SQLite counts them.
    private func columns(_ storage: SQLiteStorage, _ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        try storage.access { db in try db.query(sql, values) { ($0 as? SQLiteRow)?.columnCount } }.first ?? nil
    }
}
