import Foundation
import Glibc
import OAuthCore
import StoreSQL
import Support
import Synchronization

/// The token path's reads (docs/performance.md, PostgreSQL: `liveToken`, `client(id:liveToken:at:)`, one
/// statement each) on a connection of their own, driven by a thread of their own through libpq's
/// asynchronous pipeline mode (PostgreSQL docs §34.4 and §34.5). A caller queues its statement and suspends,
/// holding no thread. The thread sends whatever is queued as one batch (each statement, then one sync point) without
/// waiting for the batches already out, and reads answers as they arrive, resuming each caller with
/// its own. So a read costs no thread blocked in `poll`, no wake-up of a waiting caller, and as many
/// reads are in flight as requests ask for: under load each round trip carries many, and PostgreSQL
/// gets them back to back. Equal reads queued together go out as one statement (`Job.merged`), so
/// PostgreSQL starts one executor for them rather than one each. Each statement has its own snapshot
/// (READ COMMITTED); one that fails fails only its caller (a merged one goes again as its callers' own),
/// and the statements the server skipped after it go out again (PGReader+Session.swift).
/// When the connection is lost, the reads in flight go out once more on a new one (they only read); lost
/// a second time, they fail with `.unavailable`.
/// Started with the first read, ended by `stop()` (PostgresStorage's deinit), which fails whoever waits.
final class PGReader: TaskExecutor, @unchecked Sendable {
    // @unchecked: `state` is a Mutex and `wake` never changes; the session is the thread's alone.
    final class Job: @unchecked Sendable {
        // @unchecked: `outcome` and `losses` are touched only by the reader's thread once taken.
        typealias Answer = CheckedContinuation<PGRows, any Error>

        /// What goes out.
        let statement: PGStatement
        /// Its callers, each with the statement it asked for: one; several that asked for the same
        /// statement without parameters, each answered with every row; or, when `ofEach`, several whose
        /// statements were merged into one, each answered with its own rows (`merged`).
        private(set) var answers: [(asked: PGStatement, answer: Answer)]
        let ofEach: Bool
        var outcome: Result<PGResult, any Error>?
        /// Times its batch was lost with the connection.
        var losses = 0

        init(_ statement: PGStatement, _ answer: Answer) {
            self.statement = statement
            answers = [(statement, answer)]
            ofEach = false
        }

        private init(merging jobs: [Job], into statement: PGStatement) {
            self.statement = statement
            answers = jobs.flatMap(\.answers)
            ofEach = true
        }

        /// Hands `result` to every caller (a result is only read, so callers may share it: PGResult).
        func resume(with result: Result<PGResult, any Error>) {
            guard ofEach else {
                for (_, answer) in answers { answer.resume(with: result.map(PGRows.init)) }
                return
            }
            switch result.flatMap({ result in Result { try result.parts(answers.count) } }) {
            case .success(let parts): for ((_, answer), part) in zip(answers, parts) { answer.resume(returning: part) }
            case .failure(let error): fail(error)
            }
        }

        func fail(_ error: any Error) {
            for (_, answer) in answers { answer.resume(throwing: error) }
        }

        /// A merged statement's callers as jobs of their own, to go again alone after it failed, so that
        /// a failure is only ever its own caller's; nil for a job that was not merged.
        var split: [Job]? {
            guard ofEach else { return nil }
            return answers.map { Job($0.asked, $0.answer) }
        }

        /// `jobs` with what was queued together sent once:
        /// - a statement without parameters (`SELECT 1` of `/healthz`) reads the same for every caller, and
        ///   one sent after all of them asked answers each truthfully: it goes out once, for all of them;
        /// - statements with the same SQL whose parameters are all text and integers (the token path's
        ///   reads) go out as one statement over arrays of their values (`mergedSQL`): PostgreSQL starts
        ///   one executor for them all, and each caller gets the rows of its own values.
        /// Two statements are the same when their SQL's bytes are.
        /// `texts` keeps each merged statement's SQL once built (the reader's thread's own).
        static func merged(_ jobs: [Job], texts: inout [[UInt8]: String]) -> [Job] {
            var first: [[UInt8]: Job] = [:]
            var groups: [[UInt8]: (types: [String], jobs: [Job])] = [:]
            // Each job, or the key of its group at the group's first job: the batch keeps the order asked.
            var slots: [(job: Job?, group: [UInt8]?)] = []
            for job in jobs {
                let key = Array(job.statement.sql.utf8)
                if job.statement.parameters.isEmpty {
                    if let earlier = first[key] {
                        earlier.answers += job.answers
                    } else {
                        first[key] = job
                        slots.append((job, nil))
                    }
                } else if let types = arrayTypes(job.statement.parameters) {
                    let group = key + [0] + Array(types.joined(separator: ",").utf8)
                    if groups[group] == nil { slots.append((nil, group)) }
                    groups[group, default: (types, [])].jobs.append(job)
                } else {
                    slots.append((job, nil))
                }
            }
            return slots.flatMap { slot -> [Job] in
                guard let key = slot.group, let (types, group) = groups[key] else { return slot.job.map { [$0] } ?? [] }
                guard group.count > 1 else { return group }
                let arrays = types.indices.map { index in SQLValue.pgArray(group.map { $0.statement.parameters[index] }) }
                let sql = texts[key] ?? mergedSQL(group[0].statement.sql, types)
                if texts.count < Self.mergedTextLimit { texts[key] = sql }
                return [Job(merging: group, into: PGStatement(sql, arrays))]
            }
        }

        /// Most merged SQL texts kept; the SQL comes from code, so this is a guard.
        static let mergedTextLimit = 100

        /// The element type of each parameter's array, when every parameter is text or an integer.
        private static func arrayTypes(_ parameters: [SQLValue]) -> [String]? {
            var types: [String] = []
            for parameter in parameters {
                switch parameter {
                case .text: types.append("TEXT")
                case .integer: types.append("BIGINT")
                default: return nil
                }
            }
            return types
        }

        /// `sql` run once for each element of its parameters' arrays (`$1` the first array's, …):
        /// `sql` as a LATERAL subquery of `unnest(…) WITH ORDINALITY`, each `$k` replaced by the k-th
        /// array's element, the ordinal first in each row. `OFFSET 0` keeps the planner from pulling the
        /// subquery up into a join with the arrays, which it may then plan as a hash join over a whole
        /// table: run once per element, each keeps its own plan's index lookups. Written by hand: no
        /// library here rewrites SQL. The token path's SQL is built in code and has no `$` but its
        /// parameters'.
        static func mergedSQL(_ sql: String, _ types: [String]) -> String {
            let arrays = types.enumerated().map { "CAST($\($0.offset + 1) AS \($0.element)[])" }
            let names = types.indices.map { "p\($0 + 1)" }
            var body: [UInt8] = []
            var bytes = sql.utf8.makeIterator()
            var pending = bytes.next()
            while let byte = pending {
                pending = bytes.next()
                guard byte == UInt8(ascii: "$"), let digit = pending, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit)
                else {
                    body.append(byte)
                    continue
                }
                body += "p.p".utf8
                while let digit = pending, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                    body.append(digit)
                    pending = bytes.next()
                }
            }
            return """
                SELECT p.ordinal, s.* FROM unnest(\(arrays.joined(separator: ", "))) WITH ORDINALITY \
                AS p(\(names.joined(separator: ", ")), ordinal) \
                CROSS JOIN LATERAL (SELECT * FROM (\(String(decoding: body, as: UTF8.self))) AS q OFFSET 0) AS s
                """
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
    func read(_ statement: PGStatement) async throws -> PGRows {
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
        var mergedTexts: [[UInt8]: String] = [:]
        while let turn = take(retrying: session.hasRetries) {
            if turn.stopping { session.failAll(turn.reads, Self.stoppedError) }
            for task in turn.tasks { task.runSynchronously(on: asUnownedTaskExecutor()) }
            let reads = turn.stopping ? [] : Job.merged(turn.reads + takeReads(), texts: &mergedTexts)
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
