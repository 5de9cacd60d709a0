import Foundation
import OAuthCore
import Support
import Synchronization
import Testing

@testable import StorePostgres

/// Issue 16 item 4: in the group commit (PGInsertBatch, PGBatchLine) a caller writes at most one batch,
/// its own, then hands the lead to the first caller still waiting: under a steady stream of writes it is
/// not held for the others' batches, and no caller is lost at a hand-off or when a statement fails.
@Suite
struct PostgresGroupCommitLeadTests {
    /// One store thread: the first writer's request returns while the batch after its own is held by a
    /// lock on the other grant's row. A writer that wrote until nobody waits would be writing that held
    /// batch on the one thread its own request needs to return.
    @Test func theFirstWriterReturnsAfterItsOwnBatchWhileTheStreamGoesOn() async throws {
        try await withTwoGrants(poolSize: 1) { storage, grants, url in
            let holders = try grants.map { try lockedRow($0, url) }
            let firstAnswered = Counter()
            let first = Task.detached(executorPreference: storage.executor) {
                defer { firstAnswered.add() }
                return try await storage.insertToken(PGFixture.access("a0", grants[0]), whileLive: live(grants[0]), at: now)
            }
            try await PGFixture.poll("the first write waiting for its grant's row") {
                try PGFixture.blocked(by: holders[0]) == 1
            }
            let streamThreads = StoreThreads(limit: 4, name: "accountlink.test.stream")
            defer { streamThreads.stop() }
            let stream = (0..<4).map { writer in
                Task.detached(executorPreference: streamThreads) {
                    try await (0..<5).asyncMap { round in
                        try await storage.insertToken(
                            PGFixture.access("s\(writer)-\(round)", grants[1]), whileLive: live(grants[1]), at: now)
                    }
                }
            }
            try await PGFixture.poll("the stream's first writes waiting") { storage.insertBatch.waitingCount == 4 }
            try holders[0].query("COMMIT")
            try await PGFixture.poll("the stream's batch written, waiting for its grant's row") {
                try PGFixture.blocked(by: holders[1]) == 1
            }
            let returnedFirst = (try? await PGFixture.poll("the first writer answered") { firstAnswered.value == 1 }) != nil
            try holders[1].query("COMMIT")
            #expect(returnedFirst, "the first writer went back to its request after its own batch")
            #expect(try await first.value)
            for writer in stream { #expect(try await writer.value == Array(repeating: true, count: 5)) }
            #expect(try storage.texts("SELECT count(*) FROM tokens WHERE kind = 'access'") == ["21"])
        }
    }

    /// Writers that write again as soon as they are answered: the line empties and fills at every moment,
    /// hand-offs included. Every call returns and every row is there.
    @Test func handOffsWhileTheLineEmptiesLoseNoCaller() async throws {
        try await withTwoGrants(poolSize: 2) { storage, grants, _ in
            let answered = Counter()
            let writers = (0..<8).map { writer in
                Task.detached(executorPreference: storage.executor) {
                    try await (0..<12).asyncMap { round in
                        let grant = grants[(writer + round) % 2]
                        defer { answered.add() }
                        return try await storage.insertToken(
                            PGFixture.access("w\(writer)-\(round)", grant), whileLive: live(grant), at: now)
                    }
                }
            }
            try await PGFixture.poll("every call answered") { answered.value == 96 }
            for writer in writers { #expect(try await writer.value == Array(repeating: true, count: 12)) }
            #expect(try storage.texts("SELECT count(*) FROM tokens WHERE kind = 'access'") == ["96"])
        }
    }

    /// The caller handed the lead writes a batch in which its own statement fails (a conflict): only it
    /// gets the error, the others of its batch are written, and it still hands the lead on.
    @Test func aFailingStatementFailsOnlyItsCallerAndTheLeadPassesOn() async throws {
        try await withTwoGrants(poolSize: 4) { storage, grants, url in
            let holders = try grants.map { try lockedRow($0, url) }
            let insert = { @Sendable (hash: String, grant: Grant) in
                Task.detached(executorPreference: storage.executor) {
                    try await storage.insertToken(PGFixture.access(hash, grant), whileLive: live(grant), at: now)
                }
            }
            let first = insert("a0", grants[0])
            try await PGFixture.poll("the first write waiting for its grant's row") {
                try PGFixture.blocked(by: holders[0]) == 1
            }
            let failing = insert(live(grants[1]), grants[1])  // a stored token's hash: the INSERT conflicts
            try await PGFixture.poll("the failing write first in line") { storage.insertBatch.waitingCount == 1 }
            let second = ["b1", "b2"].map { insert($0, grants[1]) }
            try await PGFixture.poll("two more behind it") { storage.insertBatch.waitingCount == 3 }
            try holders[0].query("COMMIT")
            try await PGFixture.poll("the failing write's caller writing its batch, held by the other grant's row") {
                try PGFixture.blocked(by: holders[1]) == 1 && storage.insertBatch.waitingCount == 0
            }
            let third = ["c1", "c2"].map { insert($0, grants[0]) }
            try await PGFixture.poll("the next batch in line") { storage.insertBatch.waitingCount == 2 }
            try holders[1].query("COMMIT")
            await #expect(throws: StoreError.self) { try await failing.value }
            for task in [first] + second + third { #expect(try await task.value) }
            #expect(try storage.texts("SELECT hash FROM tokens WHERE kind = 'access' ORDER BY hash") == [
                "a0", "b1", "b2", "c1", "c2",
            ])
        }
    }
}

private let now = PGFixture.time.addingTimeInterval(1)

/// The hash of `grant`'s live refresh token.
private func live(_ grant: Grant) -> String { "live-\(grant.id)" }

/// PGFixture's grant and a second one of the same account, each with a live refresh token.
private func withTwoGrants(
    poolSize: Int, _ body: (PostgresStorage, [Grant], String) async throws -> Void
) async throws {
    try await PGFixture.withGrant(poolSize: poolSize) { storage, grant, url in
        let other = Grant(id: "grant2", accountID: grant.accountID, clientID: grant.clientID, scope: grant.scope,
                          createdAt: PGFixture.time)
        try storage.insertGrant(other)
        for grant in [grant, other] { try storage.insertToken(PGFixture.token(live(grant), grant: grant)) }
        try await body(storage, [grant, other], url)
    }
}

/// A connection holding `grant`'s row locked in an open transaction: the group commit's INSERTs for that
/// grant wait in the server until it ends.
private func lockedRow(_ grant: Grant, _ url: String) throws -> PGConnection {
    let holder = try PGConnection(conninfo: try PostgresURL.conninfo(url))
    try holder.query("BEGIN")
    try holder.query("SELECT id FROM grants WHERE id = $1 FOR UPDATE", [.text(grant.id)])
    return holder
}

/// Calls answered so far, read by a poll.
private final class Counter: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

extension Sequence {
    /// `transform` of each element in turn, each awaited before the next starts.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
