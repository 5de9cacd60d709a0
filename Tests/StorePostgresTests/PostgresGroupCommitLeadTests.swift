import Foundation
import OAuthCore
import Support
import Testing

@testable import StorePostgres

/// docs/performance.md, PostgreSQL: the group commit (PGInsertBatch) writes its batches on a thread of its own, so a
/// caller is answered once its own batch commits, whatever batches follow; no caller is lost as the line
/// empties and fills, when a statement fails, or when a batch's connection is lost.
@Suite
struct PostgresGroupCommitLeadTests {
    /// One store thread: the first writer's request returns while the batch after its own is held by a
    /// lock on the other grant's row. A caller that wrote the batches after its own would be writing that
    /// held batch on the one thread its own request needs to return.
    @Test func theFirstWriterReturnsAfterItsOwnBatchWhileTheStreamGoesOn() async throws {
        try await PGFixture.withTwoGrants(poolSize: 1) { storage, grants, url in
            let holders = try grants.map { try PGFixture.lockedRow($0, url) }
            let first = PGFixture.write("a0", grants[0], storage)
            let firstAnswered = Counter()
            Task.detached {
                _ = try? await first.value
                firstAnswered.add()
            }
            try await PGFixture.poll("the first write waiting for its grant's row") {
                try PGFixture.blocked(by: holders[0]) == 1
            }
            let streamThreads = StoreThreads(limit: 4, name: "accountlink.test.stream")
            defer { streamThreads.stop() }
            let stream = (0..<4).map { writer in
                Task.detached(executorPreference: streamThreads) {
                    try await PGFixture.writeInTurn((0..<5).map { "s\(writer)-\($0)" }, grants[1], storage)
                }
            }
            try await PGFixture.poll("the stream's first writes waiting") {
                storage.insertBatch.waitingCount == 4
            }
            try holders[0].query("COMMIT")
            try await PGFixture.poll("the stream's batch written, waiting for its grant's row") {
                try PGFixture.blocked(by: holders[1]) == 1
            }
            let returnedFirst =
                (try? await PGFixture.poll("the first writer answered") { firstAnswered.value == 1 }) != nil
            try holders[1].query("COMMIT")
            #expect(returnedFirst, "the first writer went back to its request after its own batch")
            #expect(try await first.value)
            for writer in stream { #expect(try await writer.value == Array(repeating: true, count: 5)) }
            #expect(try storage.texts("SELECT count(*) FROM tokens WHERE kind = 'access'") == ["21"])
        }
    }

    /// Writers that write again as soon as they are answered: the line empties and fills at every moment,
    /// the writer's thread going to sleep and being woken. Every call returns and every row is there.
    @Test func noCallerLostAsTheLineEmpties() async throws {
        try await PGFixture.withTwoGrants(poolSize: 2) { storage, grants, _ in
            let finished = Counter()
            let writers = (0..<8).map { writer in
                Task.detached(executorPreference: storage.executor) {
                    defer { finished.add() }
                    return try await PGFixture.writeInTurn(
                        (0..<12).map { "w\(writer)-\($0)" }, grants[writer % 2], storage)
                }
            }
            try await PGFixture.poll("every writer answered") { finished.value == 8 }
            for writer in writers { #expect(try await writer.value == Array(repeating: true, count: 12)) }
            #expect(try storage.texts("SELECT count(*) FROM tokens WHERE kind = 'access'") == ["96"])
        }
    }

    /// A batch in which one statement fails (a conflict): only its caller gets the error, the others of
    /// its batch are written, and so is the batch after it.
    @Test func aFailingStatementFailsOnlyItsCaller() async throws {
        let conflicting = "live-grant2"  // a stored token's hash: that INSERT conflicts
        let written = ["a0", "b1", "b2", "c1", "c2"]
        try await PGFixture.withThreeBatches([conflicting, "b1", "b2"], written: written) { holder, second in
            try holder.query("COMMIT")
            let error = await #expect(throws: StoreError.self) { try await second[0].value }
            #expect(error?.kind == "conflict")
            for task in second.dropFirst() { #expect(try await task.value) }
        }
    }

    /// The connection of a batch is lost while it is written: that batch's callers get `.unavailable`,
    /// and the next batch is written on a sound connection.
    @Test func aLostConnectionFailsItsBatchAndTheNextIsWritten() async throws {
        try await PGFixture.withThreeBatches(["b1", "b2"], written: ["a0", "c1", "c2"]) { holder, second in
            try holder.query(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))
                """)
            for task in second {
                let error = await #expect(throws: StoreError.self) { try await task.value }
                #expect(error?.kind == "unavailable")
            }
            try holder.query("COMMIT")
        }
    }
}
