import Foundation
import Glibc
import OAuthCore
import Support
import Synchronization

/// The token path's reads (issue 16: `liveToken`, `client(id:liveToken:at:)`, one statement each) on a
/// connection of their own, driven by a thread of their own through libpq's asynchronous pipeline mode
/// (PostgreSQL docs §34.4 and §34.5). A caller queues its statement and suspends, holding no thread.
/// The thread sends whatever is queued as one batch (each statement, then one sync point) without
/// waiting for the batches already out, and reads answers as they arrive, resuming each caller with
/// its own. So a read costs no thread blocked in `poll`, no wake-up of a waiting caller, and as many
/// reads are in flight as requests ask for: under load each round trip carries many, and PostgreSQL
/// gets them back to back. Each statement has its own snapshot (READ COMMITTED); one that fails fails
/// only its caller, and the statements the server skipped after it go out again (PGReader+Session.swift).
/// When the connection is lost, the reads in flight go out once more on a new one (they only read); lost
/// a second time, they fail with `.unavailable`.
/// Started with the first read, ended by `stop()` (PostgresStorage's deinit), which fails whoever waits.
final class PGReader: TaskExecutor, @unchecked Sendable {
    // @unchecked: `state` is a Mutex and `wake` never changes; the session is the thread's alone.
    final class Job: @unchecked Sendable {
        // @unchecked: `answers`, `outcome` and `losses` are touched only by the reader's thread once taken.
        let statement: PGStatement
        /// Its callers: one, or several when identical statements without parameters were queued
        /// together (`merged`).
        private(set) var answers: [CheckedContinuation<PGResult, any Error>]
        var outcome: Result<PGResult, any Error>?
        /// Times its batch was lost with the connection.
        var losses = 0

        init(_ statement: PGStatement, _ answer: CheckedContinuation<PGResult, any Error>) {
            self.statement = statement
            self.answers = [answer]
        }

        /// Hands `result` to every caller (a result is only read, so callers may share it: PGResult).
        func resume(with result: Result<PGResult, any Error>) {
            for answer in answers { answer.resume(with: result) }
        }

        func fail(_ error: any Error) { resume(with: .failure(error)) }

        /// `jobs` with each statement without parameters sent once for all who queued it: such a statement
        /// (`SELECT 1` of `/healthz`) reads the same for every caller, and one sent after all of them asked
        /// answers each truthfully. A statement with parameters is never merged (its values would have to
        /// be compared as bytes, and two callers rarely ask for the same one at the same time).
        static func merged(_ jobs: [Job]) -> [Job] {
            var first: [[UInt8]: Job] = [:]
            return jobs.filter { job in
                guard job.statement.parameters.isEmpty else { return true }
                let key = Array(job.statement.sql.utf8)
                guard let earlier = first[key] else {
                    first[key] = job
                    return true
                }
                earlier.answers += job.answers
                return false
            }
        }
    }

    private struct State {
        var reads: [Job] = []
        /// Request tasks that run here (the reader is their executor: PGReader+Executor.swift).
        var tasks: [UnownedJob] = []
        /// The thread is in (or about to enter) `poll`: whatever is queued must write to `wake`.
        var sleeping = false
        var running = false
        var stopped = false
    }

    private let state = Mutex(State())
    /// A non-blocking pipe: a byte written to `wake.write` wakes the thread from `poll` (on `wake.read`)
    /// when a job comes while it sleeps.
    let wake: (read: Int32, write: Int32)
    private let connect: @Sendable () throws -> PGConnection
    /// Most statements in one batch.
    static let limit = 64

    init(connect: @escaping @Sendable () throws -> PGConnection) throws {
        self.connect = connect
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw StoreError.unavailable("postgres reader: pipe: errno \(errno)") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// `statement`'s result once its answer is back; `.unavailable` when the connection is lost or the
    /// reader was stopped, the statement's own error when it fails.
    func read(_ statement: PGStatement) async throws -> PGResult {
        try await withCheckedThrowingContinuation { continuation in
            let job = Job(statement, continuation)
            guard admit({ $0.reads.append(job) }, once: false) else { return job.fail(Self.stoppedError) }
        }
    }

    /// The reader as the executor of the requests on the token path (SE-0417; the server prefers it for
    /// them, AccountLinkServer/Middleware/StoreThreads.swift): such a request runs on the reader's thread,
    /// asks for its read there without waking anyone, and goes on there when the answer comes, so it costs
    /// no hop between threads beyond the HTTP server's own. What runs here must not block: only suspending
    /// store calls (`readLiveToken`, `readClient`, the group commit's insert).
    func enqueue(_ job: consuming ExecutorJob) {
        let task = UnownedJob(job)
        _ = admit({ $0.tasks.append(task) }, once: true)
    }

    /// Lets the thread end once no task is left; reads queued, in flight or asked for later fail.
    func stop() {
        state.withLock { $0.stopped = true }
        notify()
    }

    /// True while the thread runs (for tests: none outlives its storage).
    var isRunning: Bool { state.withLock { $0.running } }

    /// Reads queued and not yet taken by the thread (for tests).
    var queuedReadCount: Int { state.withLock { $0.reads.count } }

    static let stoppedError = StoreError.unavailable("postgres: the storage stopped")

    /// Queues with `add` under the lock, then starts the thread when none runs or wakes it when it sleeps.
    /// False, and nothing queued, once stopped, unless `once` is true (tasks run whatever happens).
    private func admit(_ add: (inout State) -> Void, once: Bool) -> Bool {
        let (accepted, start, signal) = state.withLock { state -> (Bool, Bool, Bool) in
            guard once || !state.stopped else { return (false, false, false) }
            add(&state)
            defer { (state.sleeping, state.running) = (false, true) }
            return (true, !state.running, state.sleeping)
        }
        if start { startThread() } else if signal { notify() }
        return accepted
    }

    private func notify() {
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
    }

    private func startThread() {
        Thread.detachNewThread { [self] in
            ThreadName.set(PostgresStorage.readerThreadName)
            thread.store(UInt(pthread_self()), ordering: .relaxed)
            work()
        }
    }

    /// The thread running now, 0 when none has started (for tests: which thread runs a task).
    let thread = Atomic<UInt>(0)

    /// Each turn: the tasks that are ready run (and ask for reads), the reads go out as one batch, and
    /// what has come back is handed out (resuming tasks, which run on the next turn). Sleeps only when
    /// there is nothing to run or send.
    private func work() {
        let session = PGReaderSession(connect: connect, wake: wake.read)
        while let turn = take(retrying: session.hasRetries) {
            if turn.stopping { session.failAll(turn.reads, Self.stoppedError) }
            for task in turn.tasks { task.runSynchronously(on: asUnownedTaskExecutor()) }
            let reads = turn.stopping ? [] : Job.merged(turn.reads + takeReads())
            if turn.idle {
                session.waitForInput()
                state.withLock { $0.sleeping = false }
            } else if !reads.isEmpty || session.hasRetries {
                session.send(reads)
            }
            session.receive()
        }
        session.failAll([], Self.stoppedError)
    }

    /// What is queued (up to `limit` reads). `idle`: nothing is, and no retry waits; the thread is then
    /// marked sleeping under the same lock, so whatever is queued next wakes it. Once stopped, everything;
    /// nil when stopped and nothing is left (the thread ends, and a task queued later starts another).
    private func take(retrying: Bool) -> (tasks: [UnownedJob], reads: [Job], stopping: Bool, idle: Bool)? {
        state.withLock { state in
            defer { state.tasks = [] }
            if state.stopped {
                defer { state.reads = [] }
                guard !state.tasks.isEmpty || !state.reads.isEmpty else {
                    state.running = false
                    return nil
                }
                return (state.tasks, state.reads, true, false)
            }
            let reads = Array(state.reads.prefix(Self.limit))
            state.reads.removeFirst(reads.count)
            let idle = state.tasks.isEmpty && reads.isEmpty && !retrying
            state.sleeping = idle
            return (state.tasks, reads, false, idle)
        }
    }

    /// Reads the tasks just run asked for (up to `limit`).
    private func takeReads() -> [Job] {
        state.withLock { state in
            let reads = Array(state.reads.prefix(Self.limit))
            state.reads.removeFirst(reads.count)
            return reads
        }
    }
}
