import Foundation
import OAuthCore
import Support

/// Group commit for the refresh's one write (`TokenPathStore.insertToken(_:whileLive:at:)`,
/// docs/performance.md, PostgreSQL): with durable commits every COMMIT waits for PostgreSQL's WAL flush, so
/// the writes that arrive while one batch is going out wait and then go out together: for the store, one
/// statement that writes them all (PGConnection+LiveInserts.swift), one round trip, one executor and one WAL
/// flush for all of them. As SQLite's writer does (StoreSQLite/SQLiteWriter+Batch.swift), callers queue
/// their item and suspend, holding no thread; one thread of its own takes the oldest (up to `limit`), writes
/// them, resumes each caller with its own result, and takes the next batch at once while anyone waits, else
/// sleeps until a caller comes. So no caller and no store thread works for others' batches, and under steady load no
/// thread is woken between batches. Nobody hears back before the commit that holds its row. Started with
/// the first item, ended by `stop()` (PostgresStorage's deinit), which fails whoever still waits.
final class PGInsertBatch<Item: Sendable, Output: Sendable>: @unchecked Sendable {
    // @unchecked: every stored var is touched only while `condition` is locked.
    private final class Job: Sendable {
        let item: Item
        let answer: CheckedContinuation<Output, any Error>

        init(_ item: Item, _ answer: CheckedContinuation<Output, any Error>) {
            self.item = item
            self.answer = answer
        }
    }

    /// One batch written, one result per item (the store: PGConnection.insertWhileLive on the writer's
    /// own connection, PGKeptConnection).
    typealias Write = @Sendable ([Item]) throws -> [Result<Output, any Error>]

    private let write: Write
    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var started = false
    private var sleeping = false
    private var stopped = false
    private var running = false
    /// Most statements in one batch.
    let limit = 64

    init(write: @escaping Write) { self.write = write }

    /// Callers waiting for a batch to take them (for tests).
    var waitingCount: Int { locked { waiting.count } }

    /// True while the writer's thread runs (for tests: none outlives its storage).
    var isRunning: Bool { locked { running } }

    /// What writing `item` gave, once the batch holding it has committed. When the write throws, its
    /// error is every item's of that batch; once stopped, `.unavailable`.
    func run(_ item: Item) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let job = Job(item, continuation)
            guard let start = locked({ join(job) }) else { return Self.refuse([job]) }
            if start { startWriter() }
        }
    }

    /// Lets the writer's thread end after the batch it is writing; callers still waiting then fail.
    func stop() {
        locked {
            stopped = true
            condition.signal()
        }
    }

    /// Queues `job` (nil once stopped): true when the writer's thread is to be started.
    private func join(_ job: Job) -> Bool? {
        guard !stopped else { return nil }
        waiting.append(job)
        if sleeping { condition.signal() }
        guard !started else { return false }
        (started, running) = (true, true)
        return true
    }

    private func startWriter() {
        Thread.detachNewThread {
            ThreadName.set(PostgresStorage.writerThreadName)
            self.work()
        }
    }

    private func work() {
        while let batch = next() {
            let results = oneResultPerStatement(batch.count) { try write(batch.map(\.item)) }
            for (job, result) in zip(batch, results) { job.answer.resume(with: result) }
        }
    }

    /// The oldest waiting callers, up to `limit` (sleeping until one comes); nil once stopped, after
    /// failing those left.
    private func next() -> [Job]? {
        condition.lock()
        while waiting.isEmpty && !stopped {
            sleeping = true
            condition.wait()
            sleeping = false
        }
        let ending = stopped
        let count = ending ? waiting.count : min(limit, waiting.count)
        let taken = Array(waiting.prefix(count))
        waiting.removeFirst(count)
        if ending { running = false }
        condition.unlock()
        guard !ending else {
            Self.refuse(taken)
            return nil
        }
        return taken
    }

    private static func refuse(_ jobs: [Job]) {
        for job in jobs { job.answer.resume(throwing: StoreError.unavailable("postgres: the storage stopped")) }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// One result per item of a batch whatever `send` does (its error for all when it throws, an
/// `.unavailable` for any it left unanswered), so that no caller is left without an answer.
func oneResultPerStatement<T>(_ count: Int, _ send: () throws -> [Result<T, any Error>]) -> [Result<T, any Error>] {
    do {
        let results = try send()
        let missing = Result<T, any Error>.failure(StoreError.unavailable("postgres: a batch went unanswered"))
        return results + Array(repeating: missing, count: max(0, count - results.count))
    } catch {
        return Array(repeating: .failure(error), count: count)
    }
}
