import Foundation
import OAuthCore

@testable import StorePostgres

/// Rows the PostgreSQL-only tests need (the conformance suite's fixtures are internal to it).
enum PGFixture {
    static let time = Date(timeIntervalSince1970: 1_700_000_000)

    static func grant(_ storage: PostgresStorage) throws -> Grant {
        try storage.insertAccount(
            Account(id: "acct", email: nil, emailVerified: false, displayName: nil, createdAt: time))
        let grant = Grant(id: "grant", accountID: "acct", clientID: "client", scope: ["x"], createdAt: time)
        try storage.insertGrant(grant)
        return grant
    }

    /// A fresh, migrated schema holding `grant(_:)`'s rows.
    static func withGrant(poolSize: Int, _ body: (PostgresStorage, Grant, String) throws -> Void) throws {
        try PostgresTestDatabase.withFreshSchema(poolSize: poolSize) { storage, url in
            try storage.migrate()
            try body(storage, try grant(storage), url)
        }
    }

    /// `withGrant` for async tests.
    /// Waiting for a pooled connection never times out here: the tests that hold one do not depend on speed.
    static func withGrant(poolSize: Int, _ body: (PostgresStorage, Grant, String) async throws -> Void) async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let storage = try PostgresStorage(url: url, poolSize: poolSize, poolWaitSeconds: 3600)
        try storage.migrate()
        try await body(storage, try grant(storage), url)
    }

    /// Sessions waiting for a lock `holder` holds (other tests' sessions on the server do not count). Inside
    /// `holder`'s transaction PostgreSQL keeps the sessions' activity as it first read it, so each call clears
    /// that copy first: a poll that began before the waiter arrived would otherwise never see it.
    static func blocked(by holder: PGConnection) throws -> Int64 {
        try holder.query("SELECT pg_stat_clear_snapshot()")
        return try holder.query("SELECT count(*) FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))")
            .rows { try $0.int64(0) }.first ?? 0
    }

    static func token(_ hash: String, grant: Grant, expiresAt: Date? = nil) -> TokenRecord {
        TokenRecord(
            hash: hash, kind: .refresh, grantID: grant.id, clientID: grant.clientID, accountID: grant.accountID,
            scope: grant.scope, authTime: time, createdAt: time, expiresAt: expiresAt)
    }

    /// An access token of `grant`, as a refresh writes it (`insertToken(_:whileLive:at:)`).
    static func access(_ hash: String, _ grant: Grant) -> TokenRecord {
        TokenRecord(
            hash: hash, kind: .access, grantID: grant.id, clientID: grant.clientID, accountID: grant.accountID,
            scope: grant.scope, authTime: time, createdAt: time, expiresAt: nil)
    }

    /// Ends the server session `pid` (`pg_terminate_backend`, from `killer`) and waits until it is gone, so
    /// that the next statement of its connection finds it lost.
    static func terminate(_ pid: Int64, from killer: PGConnection) async throws {
        try killer.query("SELECT pg_terminate_backend($1::int)", [.int(Int(pid))])
        try await poll("session \(pid) gone") {
            try killer.query("SELECT count(*) FROM pg_stat_activity WHERE pid = $1::int", [.int(Int(pid))])
                .rows { try $0.int64(0) }.first == 0
        }
    }

    /// Polls `condition` every 50 ms for up to a generous minute (the machine is shared and loaded).
    static func poll(_ what: String, _ condition: () throws -> Bool) async throws {
        for _ in 0..<1200 {
            if try condition() { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw StoreError.unavailable("timed out waiting for: \(what)")
    }
}
