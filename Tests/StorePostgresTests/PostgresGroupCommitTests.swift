import Foundation
import OAuthCore
import Testing

@testable import StorePostgres

/// Issue 16 item 4: the refresh's conditional INSERTs that wait while one is being written go out
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

/// A store with a live refresh token "live" and a revoked one "dead", whose first `insertToken(whileLive:)`
/// (of "a0") waits in the server for the grant's row, locked by `holder` in an open transaction; `body`
/// queues more writes and ends that transaction. Afterwards the first write must have succeeded.
private func withBlockedFirstWrite(
    _ body: (PostgresStorage, Grant, PGConnection) async throws -> Void
) async throws {
    try await PGFixture.withGrant(poolSize: 4) { storage, grant, url in
        try storage.insertToken(PGFixture.token("live", grant: grant))
        try storage.insertToken(PGFixture.token("dead", grant: grant))
        _ = try storage.revokeToken(hash: "dead", at: PGFixture.time)
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
