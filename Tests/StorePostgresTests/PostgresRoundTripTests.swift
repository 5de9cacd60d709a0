import Foundation
import OAuthCore
import Testing

@testable import StorePostgres

/// docs/performance.md, PostgreSQL: one round trip per statement (prepared, pipelined), BEGIN sent with the first
/// statement, no SAVEPOINT around an insert; and one purger at a time across instances.
@Suite
struct PostgresRoundTripTests {
    @Test func aTransactionCostsOneRoundTripPerStatementPlusCommit() throws {
        try PGFixture.withGrant(poolSize: 1) { storage, grant, _ in
            let before = storage.roundTrips
            try storage.transaction { view in
                _ = try view.token(hash: "missing")  // BEGIN travels with this SELECT
                try view.insertToken(PGFixture.token("new", grant: grant))  // no SAVEPOINT/RELEASE
            }
            #expect(storage.roundTrips - before == 3)
            let idle = storage.roundTrips
            try storage.transaction { _ in }
            #expect(storage.roundTrips == idle, "an empty transaction sends nothing")
            _ = try storage.token(hash: "new")
            _ = try storage.token(hash: "new")
            #expect(storage.roundTrips - idle == 2, "a prepared statement's first use costs no extra trip")
            #expect(try storage.texts("SELECT count(*) FROM pg_prepared_statements").first.flatMap(Int.init) ?? 0 >= 3)
        }
    }

    @Test func aConflictCaughtInsideATransactionNeedsNoSavepointAndKeepsItUsable() throws {
        try PGFixture.withGrant(poolSize: 1) { storage, grant, _ in
            try storage.insertToken(PGFixture.token("taken", grant: grant))
            let before = storage.roundTrips
            try storage.transaction { view in
                #expect(throws: StoreError.self) { try view.insertToken(PGFixture.token("taken", grant: grant)) }
                try view.insertToken(PGFixture.token("after", grant: grant))
            }
            #expect(storage.roundTrips - before == 3)
            #expect(try storage.token(hash: "after") != nil)
        }
    }

    /// Two storages on one database: while one instance holds the purge lock the other skips its
    /// purge (0 rows, nothing deleted); once it is free the other purges.
    @Test func onlyOneInstancePurgesAtATime() throws {
        try PGFixture.withGrant(poolSize: 2) { first, grant, url in
            let second = try PostgresStorage(url: url, poolSize: 1)
            let expired = PGFixture.time.addingTimeInterval(10)
            try first.insertToken(PGFixture.token("old", grant: grant, expiresAt: expired))
            try first.insertToken(PGFixture.token("rotated", grant: grant))
            _ = try first.markRotated(hash: "rotated", at: expired)
            let holder = try PostgresStorage(url: url, poolSize: 1)
            let key = "\(PostgresStorage.purgeLockKey), hashtext(current_schema())"
            _ = try holder.texts("SELECT pg_advisory_lock(\(key))")
            let later = expired.addingTimeInterval(60)
            #expect(try second.purgeExpired(before: later) == 0)
            #expect(try first.purgeExpired(before: later) == 0)
            #expect(try second.purgeRefreshHistory(before: later) == 0)
            #expect(try first.token(hash: "old") != nil && first.token(hash: "rotated") != nil, "nothing purged")
            _ = try holder.texts("SELECT pg_advisory_unlock(\(key))")
            #expect(try second.purgeExpired(before: later) == 1)
            #expect(try first.purgeRefreshHistory(before: later) == 1)
            #expect(try first.token(hash: "old") == nil && first.token(hash: "rotated") == nil)
        }
    }

    /// A purge in another schema of the same database is another deployment: it does not wait.
    @Test func thePurgeLockIsPerSchema() throws {
        try PGFixture.withGrant(poolSize: 1) { storage, grant, url in
            try storage.insertToken(PGFixture.token("old", grant: grant, expiresAt: PGFixture.time))
            let other = try PostgresStorage(url: try PostgresTestDatabase.baseURL(), poolSize: 1)
            _ = try other.texts("SELECT pg_advisory_lock(\(PostgresStorage.purgeLockKey), hashtext(current_schema()))")
            defer { _ = try? other.texts("SELECT pg_advisory_unlock_all()") }
            #expect(try storage.purgeExpired(before: PGFixture.time.addingTimeInterval(1)) == 1)
        }
    }
}

/// A connection the server dropped (here: its backend terminated) fails one call with `.unavailable`
/// and is re-established for the next, in pipeline mode as outside it.
@Suite
struct PostgresLostConnectionTests {
    @Test func aTerminatedConnectionIsUnavailableOnceThenReset() throws {
        try PGFixture.withGrant(poolSize: 1) { storage, grant, url in
            let pid = try storage.texts("SELECT pg_backend_pid()")
            let other = try PostgresStorage(url: url, poolSize: 1)
            _ = try other.texts("SELECT pg_terminate_backend(\(pid[0]))")
            do {
                try storage.insertToken(PGFixture.token("lost", grant: grant))
                Issue.record("a call on a terminated connection succeeded")
            } catch StoreError.unavailable {
            } catch {
                Issue.record("expected .unavailable, got \(error)")
            }
            try storage.transaction { view in try view.insertToken(PGFixture.token("after", grant: grant)) }
            #expect(try storage.token(hash: "after") != nil)
            #expect(try storage.texts("SELECT pg_backend_pid()") != pid, "a new session")
        }
    }
}
