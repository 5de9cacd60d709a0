import Foundation
import OAuthCore
import Testing

@testable import StorePostgres

/// docs/performance.md, PostgreSQL: the refresh's conditional INSERTs that wait while one is being written go out
/// together (PGInsertBatch): one transaction, one round trip; each keeps its own answer.
@Suite
struct PostgresGroupCommitTests {
    @Test func waitingWritesGoOutTogetherInOneRoundTrip() async throws {
        try await withBlockedFirstWrite { storage, grant, holder in
            let now = PGFixture.time.addingTimeInterval(1)
            let rest = (1...39).map { index in
                Task.detached(executorPreference: storage.executor) {
                    try await storage.insertToken(
                        PGFixture.access("a\(index)", grant), whileLive: index % 10 == 0 ? "dead" : "live", at: now)
                }
            }
            try await PGFixture.poll("39 writes waiting") { storage.insertBatch.waitingCount == 39 }
            let before = storage.roundTrips
            try holder.query("COMMIT")
            for (offset, task) in rest.enumerated() {
                #expect(try await task.value == ((offset + 1) % 10 != 0), "a revoked refresh token writes nothing")
            }
            #expect(storage.roundTrips - before == 1, "39 writes, one round trip")
            #expect(try storage.texts("SELECT count(*) FROM tokens WHERE kind = 'access'") == ["37"])
            // Rows written by one statement share its transaction (xmin) and its command id (cmin); a batch
            // of one statement per row would give each its own command id.
            let batch = "FROM tokens WHERE kind = 'access' AND hash <> 'a0'"
            #expect(try storage.texts("SELECT count(DISTINCT xmin::text) \(batch)") == ["1"])
            #expect(try storage.texts("SELECT count(DISTINCT cmin::text) \(batch)") == ["1"], "one statement")
        }
    }

    /// A batch locks its grants in their ids' byte order whatever order its writes came in, the order in
    /// which a revocation of several grants locks them (GrantLockOrder), even when it cannot know a grant
    /// before the statement reads it (`insertAccessToken`): a revocation holding the first grant's row
    /// then gets the second's at once. Locking in arrival order, the batch would hold the second while
    /// waiting for the first, a cycle PostgreSQL breaks only by failing one of the two.
    @Test func aBatchLocksItsGrantsInTheRevocationsOrder() async throws {
        try await PGFixture.withTwoGrants(poolSize: 4) { storage, grants, url in
            #expect(GrantLockOrder.sorted(grants.map(\.id)) == grants.map(\.id), "grants[0] comes first")
            let revocation = try PGFixture.lockedRow(grants[0], url)
            let inserts = [grants[1], grants[0]].map { grant in
                let recipe = AccessTokenRecipe(
                    hash: "for-\(grant.id)", clientID: grant.clientID, createdAt: PGFixture.time, lifetime: 60)
                return PGLiveInsert(
                    row: PostgresStorage.grantedInsertRow(
                        recipe, PGFixture.live(grant), PGFixture.time.addingTimeInterval(1)),
                    hash: recipe.hash)
            }
            let batch = Task.detached { try storage.pool.with { try $0.written(inserts).map(\.rowCount) } }
            try await PGFixture.poll("the batch waiting for the first grant's row") {
                try PGFixture.blocked(by: revocation) == 1
            }
            let second = Result {
                try revocation.query("SELECT id FROM grants WHERE id = $1 FOR UPDATE NOWAIT", [.text(grants[1].id)])
            }
            #expect((try? second.get()) != nil, "the batch held no lock on the second grant: \(second)")
            try revocation.query("ROLLBACK")
            #expect(try await batch.value == [1, 1], "both written once the revocation gave up")
        }
    }

    /// Each write of a batch is checked at its own time: of two writes in one statement from a refresh token
    /// that expires between their times, the earlier is written and the later is not; a write from a refresh
    /// token of a revoked grant is not written either (the grant's row checked for each write).
    @Test func eachWriteOfABatchIsCheckedAtItsOwnTime() async throws {
        let expiry = PGFixture.time.addingTimeInterval(60)
        let other = Grant(
            id: "revoked", accountID: "acct", clientID: "client", scope: ["x"], createdAt: PGFixture.time)
        try await withBlockedFirstWrite { storage, grant in
            try storage.insertToken(PGFixture.token("expiring", grant: grant, expiresAt: expiry))
            try storage.insertGrant(other)
            try storage.insertToken(PGFixture.token("of-revoked", grant: other))
            _ = try storage.revokeGrant(id: other.id, at: PGFixture.time)
        } _: { storage, grant, holder in
            let writes: [(hash: String, grant: Grant, refresh: String, at: Date)] = [
                ("before", grant, "expiring", expiry.addingTimeInterval(-1)),
                ("after", grant, "expiring", expiry.addingTimeInterval(1)),
                ("live-later", grant, "live", expiry.addingTimeInterval(1)),
                ("from-revoked", other, "of-revoked", PGFixture.time.addingTimeInterval(1)),
            ]
            let tasks = writes.map { write in
                Task.detached(executorPreference: storage.executor) {
                    try await storage.insertToken(PGFixture.access(write.hash, write.grant), whileLive: write.refresh, at: write.at)
                }
            }
            try await PGFixture.poll("4 writes waiting") { storage.insertBatch.waitingCount == 4 }
            try holder.query("COMMIT")
            var answers: [Bool] = []
            for task in tasks { answers.append(try await task.value) }
            #expect(answers == [true, false, true, false])
            #expect(
                try storage.texts("SELECT hash FROM tokens WHERE kind = 'access' AND hash <> 'a0' ORDER BY hash")
                    == ["before", "live-later"])
        }
    }

    @Test func aConflictInABatchFailsOnlyItsOwnWrite() async throws {
        try await withBlockedFirstWrite { storage, grant, holder in
            let now = PGFixture.time.addingTimeInterval(1)
            let rest = ["b1", "live", "b2", "b3"].map { hash in
                Task.detached(executorPreference: storage.executor) {
                    try await storage.insertToken(PGFixture.access(hash, grant), whileLive: "live", at: now)
                }
            }
            try await PGFixture.poll("4 writes waiting") { storage.insertBatch.waitingCount == 4 }
            try holder.query("COMMIT")
            for (hash, task) in zip(["b1", "live", "b2", "b3"], rest) {
                if hash == "live" {
                    await #expect(throws: StoreError.self) { try await task.value }
                } else {
                    #expect(try await task.value)
                }
            }
            #expect(try storage.token(hash: "b3")?.kind == .access)
            #expect(try storage.token(hash: "live")?.kind == .refresh, "the stored token is untouched")
        }
    }
}

/// A store with a live refresh token "live", a revoked one "dead" and what `setUp` adds, whose first
/// `insertToken(whileLive:)` (of "a0") waits in the server for the grant's row, locked by `holder` in an
/// open transaction; `body` queues more writes and ends that transaction. Afterwards the first write must
/// have succeeded.
private func withBlockedFirstWrite(
    _ setUp: (PostgresStorage, Grant) throws -> Void = { _, _ in },
    _ body: (PostgresStorage, Grant, PGConnection) async throws -> Void
) async throws {
    try await PGFixture.withGrant(poolSize: 4) { storage, grant, url in
        try storage.insertToken(PGFixture.token("live", grant: grant))
        try storage.insertToken(PGFixture.token("dead", grant: grant))
        _ = try storage.revokeToken(hash: "dead", at: PGFixture.time)
        try setUp(storage, grant)
        let holder = try PGFixture.lockedRow(grant, url)
        let first = Task.detached(executorPreference: storage.executor) {
            try await storage.insertToken(
                PGFixture.access("a0", grant), whileLive: "live", at: PGFixture.time.addingTimeInterval(1))
        }
        try await PGFixture.poll("the first write waiting for the grant's row") {
            try PGFixture.blocked(by: holder) == 1
        }
        try await body(storage, grant, holder)
        #expect(try await first.value)
    }
}
