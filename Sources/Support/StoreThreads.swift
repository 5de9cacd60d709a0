import Foundation

/// Dedicated threads for everything that blocks on a store (libpq waiting for PostgreSQL, a SQLite
/// transaction waiting for the one writer), so that a request waiting on the database blocks one of
/// these threads and never a thread of Swift's cooperative pool (one per core, shared by every task of
/// the process). A `TaskExecutor` (SE-0417): the server starts each request that may block with this
/// executor preferred (the token path's requests run on PostgreSQL's reader instead,
/// StorePostgres/PGReader.swift), so the synchronous storage calls inside a handler run here. Threads
/// start on demand, up to `limit` (the pool size, so each running job can hold a connection without
/// waiting), and end when `stop()` is called.
public final class StoreThreads: TaskExecutor, @unchecked Sendable {
    // @unchecked: every stored property below is touched only while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var threads = 0
    private var idle = 0
    private var stopped = false
    private let limit: Int
    private let name: String

    /// `name`: the threads' name for the operator's tools, at most `ThreadName.limit` bytes.
    public init(limit: Int, name: String) {
        self.limit = max(1, limit)
        self.name = name
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let spawn = jobs.count - head > idle && threads < limit
        if spawn { threads += 1 }
        condition.signal()
        condition.unlock()
        if spawn { start() }
    }

    /// Lets the threads end once the queue is empty (the storage is going away).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Threads started so far (for tests).
    public var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    private func start() {
        Thread.detachNewThread { [self] in work() }
    }

    private func work() {
        ThreadName.set(name)
        while let job = next() { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if stopped {
                threads -= 1
                return nil
            }
            idle += 1
            condition.wait()
            idle -= 1
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count || head > 1024 {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
