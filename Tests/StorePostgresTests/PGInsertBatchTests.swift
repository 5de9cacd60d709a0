import Dispatch
import Foundation
import OAuthCore
import Support
import Synchronization
import Testing

@testable import StorePostgres

/// PGInsertBatch's own rule (PGBatchLine): who writes which batch, whatever the batch does.
@Suite
struct PGInsertBatchTests {
    /// The caller whose task is running, seen by `write` (which runs in the writer's task).
    @TaskLocal static var caller = ""

    /// A steady stream of writes on PostgreSQL: each batch is written by one of its own callers, and no
    /// caller writes two batches; every statement is written once and every call answered.
    @Test func eachBatchIsWrittenByOneOfItsOwnCallersAndNobodyWritesTwo() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let storage = try PostgresStorage(url: url, poolSize: 4)
        _ = try storage.texts("CREATE TABLE marks (name TEXT PRIMARY KEY)")
        let batches = BatchLog()
        let finished = Counter()
        let names = (0..<6).map { writer in (0..<20).map { "w\(writer)-\($0)" } }
        let writers = names.map { ownNames in
            Task.detached(executorPreference: storage.executor) {
                defer { finished.add() }
                for name in ownNames {
                    let insert = PGStatement("INSERT INTO marks VALUES ($1)", [.text(name)], locks: name)
                    let changed = try await Self.$caller.withValue(name) {
                        try await storage.insertBatch.run(insert) { statements in
                            batches.add(Batch(writer: Self.caller, callers: statements.map(\.locks)))
                            return try storage.pool.with { $0.batch(statements) }
                        }
                    }
                    guard changed == 1 else { throw StoreError.corrupt("\(name) not written") }
                }
            }
        }
        try await PGFixture.poll("every writer answered") { finished.value == writers.count }
        for writer in writers { try await writer.value }
        let written = batches.all
        #expect(written.allSatisfy { $0.callers.contains($0.writer) }, "a writer writes its own batch")
        #expect(Set(written.map(\.writer)).count == written.count, "nobody writes two batches")
        #expect(written.flatMap(\.callers).sorted() == names.flatMap { $0 }.sorted())
        #expect(try storage.texts("SELECT count(*) FROM marks") == ["120"])
    }

    /// A write that throws (no connection to be had) fails each caller of its batch with its error, and
    /// its writer still hands the lead on: the batch in line behind it is written.
    @Test func aThrowingWriteFailsItsBatchAndTheLeadPassesOn() async throws {
        let batch = PGInsertBatch()
        let threads = StoreThreads(limit: 4, name: "accountlink.test.batch")
        defer { threads.stop() }
        let (entered, gates) = (Counter(), [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)])
        let write: @Sendable ([PGStatement]) throws -> [Result<Int, any Error>] = { statements in
            let sqls = statements.map(\.sql)
            if sqls.contains("first") {
                entered.add()
                gates[0].wait()
            }
            if sqls.contains("fails") {
                entered.add()
                gates[1].wait()
                throw StoreError.unavailable("no connection")
            }
            return statements.map { _ in .success(1) }
        }
        let run = { @Sendable (sql: String) in
            Task.detached(executorPreference: threads) { try await batch.run(PGStatement(sql), write: write) }
        }
        let first = run("first")
        try await PGFixture.poll("the first batch being written") { entered.value == 1 }
        let failing = ["fails", "b1"].map(run)
        try await PGFixture.poll("its batch in line") { batch.waitingCount == 2 }
        gates[0].signal()
        try await PGFixture.poll("that batch being written") { entered.value == 2 && batch.waitingCount == 0 }
        let last = ["c1", "c2"].map(run)
        try await PGFixture.poll("the last batch in line") { batch.waitingCount == 2 }
        gates[1].signal()
        #expect(try await first.value == 1)
        for task in failing {
            let error = await #expect(throws: StoreError.self) { try await task.value }
            #expect(error?.kind == "unavailable")
        }
        for task in last { #expect(try await task.value == 1) }
    }
}

/// A batch as written: by whom, and whose statements it held.
private struct Batch: Sendable {
    let writer: String
    let callers: [String]
}

private final class BatchLog: Sendable {
    private let batches = Mutex<[Batch]>([])
    func add(_ batch: Batch) { batches.withLock { $0.append(batch) } }
    var all: [Batch] { batches.withLock { $0 } }
}
