import Dispatch
import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StorePostgres

/// Issue 16 item 4: the token path's reads that wait while one is out go out together (PGReadBatch):
/// one round trip, and each caller gets its own answer.
@Suite
struct PostgresReadBatchTests {
    @Test func waitingReadsGoOutTogetherEachWithItsOwnAnswer() async throws {
        try await PGFixture.withGrant(poolSize: 1) { storage, grant, url in
            for index in 0..<6 { try storage.insertToken(PGFixture.token("t\(index)", grant: grant)) }
            _ = try storage.revokeToken(hash: "t5", at: PGFixture.time)
            // The first read waits in the server for the table, locked here, while the others queue.
            let holder = try PGConnection(conninfo: try PostgresURL.conninfo(url))
            try holder.query("BEGIN")
            try holder.query("LOCK TABLE tokens IN ACCESS EXCLUSIVE MODE")
            let answers = Mutex<[String: String]>([:])
            let now = PGFixture.time.addingTimeInterval(1)
            let read = { @Sendable (hash: String) in
                Thread.detachNewThread {
                    let found = Result { try storage.liveToken(hash: hash, at: now)?.record.hash ?? "none" }
                    answers.withLock { $0[hash] = (try? found.get()) ?? "error" }
                }
            }
            read("t0")
            try await PGFixture.poll("the first read waiting for the table") {
                try PGFixture.blocked(by: holder) == 1
            }
            let hashes = (1..<8).map { "t\($0)" }  // t5 revoked, t6 and t7 unknown
            hashes.forEach(read)
            try await PGFixture.poll("seven reads waiting behind the first") { storage.readBatch.waitingCount == 7 }
            let before = storage.roundTrips
            try holder.query("COMMIT")
            try await PGFixture.poll("every read answered") { answers.withLock { $0.count } == 8 }
            #expect(storage.roundTrips - before == 1, "the seven waiting reads: one round trip")
            let expected = Dictionary(uniqueKeysWithValues: (["t0"] + hashes).map {
                ($0, ["t5", "t6", "t7"].contains($0) ? "none" : $0)
            })
            #expect(answers.withLock { $0 } == expected)
        }
    }

    /// A thread that holds the pool's one connection (a call on the store inside a transaction on it)
    /// reads at once instead of waiting behind a batch whose sender waits for that very connection.
    @Test func aReadByAThreadHoldingAConnectionDoesNotWaitForABatch() async throws {
        try await PGFixture.withGrant(poolSize: 1) { storage, grant, _ in
            try storage.insertToken(PGFixture.token("t", grant: grant))
            let go = DispatchSemaphore(value: 0)
            let answers = Mutex<[String: String]>([:])
            Thread.detachNewThread {
                let found = Result { try storage.transaction { _ in go.wait(); return try storage.liveToken(hash: "t", at: PGFixture.time) } }
                answers.withLock { $0["holder"] = (try? found.get())?.record.hash ?? "failed" }
            }
            try await PGFixture.poll("the connection held") { storage.poolStatistics.idle == 0 }
            Thread.detachNewThread {  // sends a batch: waits for the held connection
                let found = Result { try storage.liveToken(hash: "t", at: PGFixture.time) }
                answers.withLock { $0["sender"] = (try? found.get())?.record.hash ?? "failed" }
            }
            try await Task.sleep(nanoseconds: 200_000_000)  // let the sender start waiting (either way it must not fail)
            go.signal()
            try await PGFixture.poll("both answered") { answers.withLock { $0.count } == 2 }
            #expect(answers.withLock { $0 } == ["holder": "t", "sender": "t"])
        }
    }
}
