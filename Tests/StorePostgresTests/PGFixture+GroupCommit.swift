import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StorePostgres

/// The group commit's scenes (PostgresGroupCommitTests, PostgresGroupCommitLeadTests): refreshes' writes
/// held in the server by a lock on their grant's row, so that batches form and wait where a test wants.
extension PGFixture {
    /// The hash of `grant`'s live refresh token.
    static func live(_ grant: Grant) -> String { "live-\(grant.id)" }

    /// PGFixture's grant and a second one of the same account, each with a live refresh token.
    static func withTwoGrants(
        poolSize: Int, _ body: (PostgresStorage, [Grant], String) async throws -> Void
    ) async throws {
        try await withGrant(poolSize: poolSize) { storage, grant, url in
            let other = Grant(
                id: "grant2", accountID: grant.accountID, clientID: grant.clientID, scope: grant.scope,
                createdAt: time)
            try storage.insertGrant(other)
            for grant in [grant, other] { try storage.insertToken(token(live(grant), grant: grant)) }
            try await body(storage, [grant, other], url)
        }
    }

    /// Three batches in line: "a0" (the first grant) written alone, held by a lock on its grant's row; the
    /// writes of `second` (the other grant), queued behind it, so that they make the next batch, held in
    /// turn by a lock on the other grant's row; "c1" and "c2" (the first grant) in
    /// line behind that batch. `body` gets the connection holding that lock, which it must end, and the
    /// tasks of `second`. Then a0, c1 and c2 must have been written, and the access tokens are `written`.
    static func withThreeBatches(
        _ second: [String], written: [String],
        _ body: (PGConnection, [Task<Bool, any Error>]) async throws -> Void
    ) async throws {
        try await withTwoGrants(poolSize: 4) { storage, grants, url in
            let holders = try grants.map { try lockedRow($0, url) }
            let first = write("a0", grants[0], storage)
            try await poll("the first write waiting for its grant's row") {
                try blocked(by: holders[0]) == 1
            }
            var queued: [Task<Bool, any Error>] = []
            for hash in second {
                queued.append(write(hash, grants[1], storage))
                try await poll("\(hash) in line") { storage.insertBatch.waitingCount == queued.count }
            }
            try holders[0].query("COMMIT")
            try await poll("the second batch held by the other grant's row") {
                try blocked(by: holders[1]) == 1 && storage.insertBatch.waitingCount == 0
            }
            let third = ["c1", "c2"].map { write($0, grants[0], storage) }
            try await poll("the third batch in line") { storage.insertBatch.waitingCount == 2 }
            try await body(holders[1], queued)
            for task in [first] + third { #expect(try await task.value) }
            #expect(
                try storage.texts("SELECT hash FROM tokens WHERE kind = 'access' ORDER BY hash") == written)
        }
    }

    /// A refresh's write of the access token `hash` of `grant`, on the store's threads.
    static func write(_ hash: String, _ grant: Grant, _ storage: PostgresStorage) -> Task<Bool, any Error> {
        Task.detached(executorPreference: storage.executor) {
            try await storage.insertToken(
                access(hash, grant), whileLive: live(grant), at: time.addingTimeInterval(1))
        }
    }

    /// Refreshes' writes of the access tokens `hashes` of `grant`, one after the other, each once the one
    /// before is answered.
    static func writeInTurn(_ hashes: [String], _ grant: Grant, _ storage: PostgresStorage) async throws
        -> [Bool]
    {
        var written: [Bool] = []
        for hash in hashes {
            written.append(
                try await storage.insertToken(
                    access(hash, grant), whileLive: live(grant), at: time.addingTimeInterval(1)))
        }
        return written
    }

    /// A connection holding `grant`'s row locked in an open transaction: the group commit's INSERTs for that
    /// grant wait in the server until it ends.
    static func lockedRow(_ grant: Grant, _ url: String) throws -> PGConnection {
        let holder = try PGConnection(conninfo: try PostgresURL.conninfo(url))
        try holder.query("BEGIN")
        try holder.query("SELECT id FROM grants WHERE id = $1 FOR UPDATE", [.text(grant.id)])
        return holder
    }
}

/// Calls answered so far, read by a poll.
final class Counter: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

extension StoreError {
    /// The case's name, for expectations.
    var kind: String {
        switch self {
        case .unavailable: "unavailable"
        case .conflict: "conflict"
        case .corrupt: "corrupt"
        }
    }
}
