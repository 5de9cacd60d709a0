import Foundation
import OAuthCore
import Support

/// Group commit for single statements (docs/performance.md): a statement written outside a
/// transaction (`SQLiteStorage.access`, and the token path's async insert) joins a queue; the
/// writer's own thread takes everything queued, runs it in one BEGIN … COMMIT under the writer's lock,
/// and wakes the callers (or resumes their tasks: an async caller holds no thread while it waits).
/// No SAVEPOINT: a statement that fails is undone on its own by SQLite (its statement journal) and only
/// its caller gets the error; when SQLite has rolled back the whole transaction (an I/O error, a full
/// disk), the whole batch fails. No caller hears back before the COMMIT that holds its write.
extension SQLiteWriter {
    /// Waits on the calling thread.
    func joined<T>(_ statement: (SQLiteConnection) throws -> T) throws -> T {
        try withoutActuallyEscaping(statement) { statement in
            let job = BlockingStatement<T>(statement)
            batches.add(job, writer: self)
            return try job.result()
        }
    }

    /// Suspends the calling task; no thread waits.
    func joined<T: Sendable>(_ statement: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            batches.add(ResumingStatement(statement, continuation), writer: self)
        }
    }

    /// One batch: BEGIN, each statement, COMMIT, with the writer's lock held. BEGIN and COMMIT are
    /// prepared once (`run`), not parsed per batch (`script`).
    func run(_ jobs: [any QueuedStatement]) -> Result<Void, any Error> {
        acquire()
        defer { lock.unlock() }
        commitGroup()
        do { _ = try connection.run("BEGIN IMMEDIATE", []) } catch { return .failure(error) }
        var lost = false
        for job in jobs where !lost {
            // After some errors SQLite has rolled back the whole transaction: the batch is lost.
            if !job.run(connection) && connection.isAutocommit { lost = true }
        }
        if lost { return .failure(StoreError.unavailable("sqlite: the batch's transaction was rolled back")) }
        do {
            _ = try connection.run("COMMIT", [])
            return .success(())
        } catch {
            try? connection.script("ROLLBACK")
            return .failure(error)
        }
    }
}

/// The queue and the writer's thread that empties it; started with the first statement, ended by
/// `stop()` (SQLiteStorage's deinit).
final class StatementBatches: @unchecked Sendable {
    // @unchecked: every stored property is touched only while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [any QueuedStatement] = []
    private var started = false
    private var stopped = false

    func add(_ job: any QueuedStatement, writer: SQLiteWriter) {
        condition.lock()
        jobs.append(job)
        let start = !started
        started = true
        condition.signal()
        condition.unlock()
        if start { Thread { self.work(writer) }.start() }
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func work(_ writer: SQLiteWriter) {
        ThreadName.set("al.sqlite.write")
        while let batch = next() {
            let outcome = writer.run(batch)
            for job in batch { job.finish(outcome) }
        }
    }

    /// Everything queued (waiting for some); nil once stopped with nothing left.
    private func next() -> [any QueuedStatement]? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty {
            if stopped { return nil }
            condition.wait()
        }
        defer { jobs.removeAll(keepingCapacity: true) }
        return jobs
    }
}

/// A queued statement as the writer's thread sees it.
protocol QueuedStatement: AnyObject, Sendable {
    /// Runs the statement, keeping its value or error; false when it failed.
    func run(_ connection: SQLiteConnection) -> Bool
    /// The batch's COMMIT is done (or failed): hand the caller its answer.
    func finish(_ commit: Result<Void, any Error>)
}

/// A caller's answer: its own error first, else the COMMIT's, else its value.
private func answer<T>(_ value: Result<T, any Error>?, _ commit: Result<Void, any Error>) -> Result<T, any Error> {
    guard let value else {
        if case .failure(let error) = commit { return .failure(error) }
        return .failure(StoreError.unavailable("sqlite: a queued statement did not run"))
    }
    if case .success = value, case .failure(let error) = commit { return .failure(error) }
    return value
}

/// A statement whose caller's thread waits for it.
final class BlockingStatement<T>: QueuedStatement, @unchecked Sendable {
    // @unchecked: `statement` and `value` are touched by the writer's thread before `finish`, and by the
    // caller after it; `outcome` only under `condition`. The statement is dropped once run or finished:
    // the caller's closure must not outlive its call (`withoutActuallyEscaping`).
    private var statement: ((SQLiteConnection) throws -> T)?
    private var value: Result<T, any Error>?
    private var outcome: Result<T, any Error>?
    private let condition = NSCondition()

    init(_ statement: @escaping (SQLiteConnection) throws -> T) { self.statement = statement }

    func run(_ connection: SQLiteConnection) -> Bool {
        guard let statement else { return false }
        self.statement = nil
        value = Result { try statement(connection) }
        if case .failure = value { return false }
        return true
    }

    func finish(_ commit: Result<Void, any Error>) {
        statement = nil
        let result = answer(value, commit)
        value = nil
        condition.lock()
        outcome = result
        condition.signal()
        condition.unlock()
    }

    func result() throws -> T {
        condition.lock()
        while outcome == nil { condition.wait() }
        let result = outcome!
        condition.unlock()
        return try result.get()
    }
}

/// A statement whose caller's task is suspended until its COMMIT.
final class ResumingStatement<T: Sendable>: QueuedStatement, @unchecked Sendable {
    // @unchecked: `value` is touched only by the writer's thread.
    private let statement: @Sendable (SQLiteConnection) throws -> T
    private let continuation: CheckedContinuation<T, any Error>
    private var value: Result<T, any Error>?

    init(_ statement: @escaping @Sendable (SQLiteConnection) throws -> T,
         _ continuation: CheckedContinuation<T, any Error>) {
        self.statement = statement
        self.continuation = continuation
    }

    func run(_ connection: SQLiteConnection) -> Bool {
        value = Result { try statement(connection) }
        if case .failure = value { return false }
        return true
    }

    func finish(_ commit: Result<Void, any Error>) { continuation.resume(with: answer(value, commit)) }
}
