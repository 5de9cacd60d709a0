import Dispatch
import Foundation
import OAuthCore
import Support
import Synchronization
import Testing

@testable import StorePostgres

/// PGInsertBatch's own rule: its one thread writes every batch, whatever the batch does, and never
/// outlives its storage.
@Suite
struct PGInsertBatchTests {
    /// A steady stream of writes on PostgreSQL: every batch is written on the writer's one thread, never on
    /// a thread a caller ran on; every statement once, and every call is answered.
    @Test func everyBatchIsWrittenOnTheWritersThreadAndEveryCallerAnswered() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let storage = try PostgresStorage(url: url, poolSize: 4)
        _ = try storage.texts("CREATE TABLE marks (name TEXT PRIMARY KEY)")
        let batches = BatchLog()
        let batch = PGInsertBatch<Mark, Int> { marks in
            batches.add(Batch(thread: UInt(pthread_self()), callers: marks.map(\.name)))
            return try storage.pool.with { db in
                marks.map { mark in Result { try db.query("INSERT INTO marks VALUES ($1)", [.text(mark.name)]).changed } }
            }
        }
        defer { batch.stop() }
        let finished = Counter()
        let callerThreads = ThreadSet()
        let names = (0..<6).map { writer in (0..<20).map { "w\(writer)-\($0)" } }
        let writers = names.map { ownNames in
            Task.detached(executorPreference: storage.executor) {
                defer { finished.add() }
                for name in ownNames {
                    callerThreads.addCurrent()
                    guard try await batch.run(Mark(name: name)) == 1 else { throw StoreError.corrupt("\(name) not written") }
                }
            }
        }
        try await PGFixture.poll("every writer answered") { finished.value == writers.count }
        for writer in writers { try await writer.value }
        let written = batches.all
        #expect(Set(written.map(\.thread)).count == 1, "one thread writes every batch")
        #expect(callerThreads.all.isDisjoint(with: written.map(\.thread)), "no caller's thread writes")
        #expect(written.flatMap(\.callers).sorted() == names.flatMap { $0 }.sorted())
        #expect(try storage.texts("SELECT count(*) FROM marks") == ["120"])
    }

    /// A write that throws (no connection to be had) fails each caller of its batch with its error, and the
    /// batch in line behind it is written.
    @Test func aThrowingWriteFailsItsBatchAndTheNextIsWritten() async throws {
        let gated = GatedWrites(throwingOn: "fails")
        let batch = PGInsertBatch<Mark, Int>(write: gated.write)
        defer { batch.stop() }
        let first = gated.run("first", batch)
        try await PGFixture.poll("the first batch being written") { gated.entered.value == 1 }
        let failing = ["fails", "b1"].map { gated.run($0, batch) }
        try await PGFixture.poll("its batch in line") { batch.waitingCount == 2 }
        gated.open()
        try await PGFixture.poll("that batch being written") { gated.entered.value == 2 && batch.waitingCount == 0 }
        let last = ["c1", "c2"].map { gated.run($0, batch) }
        try await PGFixture.poll("the last batch in line") { batch.waitingCount == 2 }
        gated.open()
        #expect(try await first.value == 1)
        for task in failing {
            let error = await #expect(throws: StoreError.self) { try await task.value }
            #expect(error?.kind == "unavailable")
        }
        try await PGFixture.poll("the last batch being written") { gated.entered.value == 3 }
        gated.open()
        for task in last { #expect(try await task.value == 1) }
    }

    /// Stopping while a batch is out: that batch is still answered with its results, the callers waiting
    /// behind it and any later caller get `.unavailable`, and the writer's thread ends.
    @Test func stoppingFailsWaitingCallersAndLeavesNoThread() async throws {
        let gated = GatedWrites(throwingOn: nil)
        let batch = PGInsertBatch<Mark, Int>(write: gated.write)
        let first = gated.run("first", batch)
        try await PGFixture.poll("the first batch being written") { gated.entered.value == 1 }
        let waiting = ["b1", "b2"].map { gated.run($0, batch) }
        try await PGFixture.poll("two callers in line") { batch.waitingCount == 2 }
        batch.stop()
        gated.open()
        #expect(try await first.value == 1)
        for task in waiting + [gated.run("late", batch)] {
            let error = await #expect(throws: StoreError.self) { try await task.value }
            #expect(error?.kind == "unavailable")
        }
        try await PGFixture.poll("the writer's thread ended") { !batch.isRunning }
        #expect(gated.entered.value == 1, "nothing written after the stop")
    }

    /// The storage's writer's thread, started by a refresh's write, ends with the storage.
    @Test func theWritersThreadEndsWithItsStorage() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let batch = try await Self.writeOnce(url)
        try await PGFixture.poll("the writer's thread ended") { !batch.isRunning }
    }

    /// A store's group commit after one write through it; the store is gone when this returns.
    private static func writeOnce(_ url: String) async throws -> PGInsertBatch<PGLiveInsert, PGRows> {
        let storage = try PostgresStorage(url: url, poolSize: 1)
        try storage.migrate()
        let grant = try PGFixture.grant(storage)
        try storage.insertToken(PGFixture.token("live", grant: grant))
        #expect(try await storage.insertToken(PGFixture.access("a", grant), whileLive: "live", at: PGFixture.time))
        #expect(storage.insertBatch.isRunning)
        return storage.insertBatch
    }
}

/// Writes held at a gate, one batch at a time: each batch counts itself in `entered` and waits for
/// `open()`; a batch holding the statement `throwingOn` then throws `.unavailable`.
private final class GatedWrites: Sendable {
    let entered = Counter()
    private let gate = DispatchSemaphore(value: 0)
    private let throwingOn: String?
    private let threads = StoreThreads(limit: 4, name: "accountlink.test.batch")

    init(throwingOn: String?) { self.throwingOn = throwingOn }

    deinit { threads.stop() }

    func open() { gate.signal() }

    func write(_ marks: [Mark]) throws -> [Result<Int, any Error>] {
        entered.add()
        gate.wait()
        if let throwingOn, marks.contains(where: { $0.name == throwingOn }) {
            throw StoreError.unavailable("no connection")
        }
        return marks.map { _ in .success(1) }
    }

    func run(_ name: String, _ batch: PGInsertBatch<Mark, Int>) -> Task<Int, any Error> {
        Task.detached(executorPreference: threads) { try await batch.run(Mark(name: name)) }
    }
}

/// A row of the table `marks`.
private struct Mark: Sendable {
    let name: String
}

/// A batch as written: on which thread, and whose statements it held.
private struct Batch: Sendable {
    let thread: UInt
    let callers: [String]
}

private final class BatchLog: Sendable {
    private let batches = Mutex<[Batch]>([])
    func add(_ batch: Batch) { batches.withLock { $0.append(batch) } }
    var all: [Batch] { batches.withLock { $0 } }
}

/// The threads callers ran on.
private final class ThreadSet: Sendable {
    private let threads = Mutex<Set<UInt>>([])
    func addCurrent() { threads.withLock { _ = $0.insert(UInt(pthread_self())) } }
    var all: Set<UInt> { threads.withLock { $0 } }
}
