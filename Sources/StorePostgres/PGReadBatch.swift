import Dispatch
import Synchronization

/// The token path's reads sent together (issue 16): a Bearer, introspection or refresh reads one row
/// (`liveToken`, `client(id:liveToken:at:)`), and PostgreSQL spends most of such a request's time on the
/// round trip itself (waking, reading, answering), not on the lookup. Callers that arrive while one
/// batch is out wait on their own threads (the store's threads in the server); the next batch takes
/// them all, one pipeline (PGConnection+Batch.swift), one round trip. Each statement keeps its own
/// snapshot (READ COMMITTED) and its own answer. The caller whose statement is first in line sends the
/// batch; then it hands that role to the first caller still waiting, so nobody waits for others' batches.
final class PGReadBatch: Sendable {
    /// One caller's statement and, once its batch is back, its outcome.
    private final class Job: @unchecked Sendable {
        // @unchecked: `outcome` is written by the thread that sends the batch before `ready` is signalled
        // and read by the caller after waiting on it.
        let statement: PGStatement
        var outcome: Result<PGResult, any Error>?
        let ready = DispatchSemaphore(value: 0)

        init(_ statement: PGStatement) { self.statement = statement }
    }

    private struct State {
        var waiting: [Job] = []
        var sending = false
    }

    private let state = Mutex(State())

    /// Callers waiting for a batch to take them (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// `statement`'s result, read in a batch by `send` (one result per statement, in order).
    func run(_ statement: PGStatement, send: ([PGStatement]) -> [Result<PGResult, any Error>]) throws -> PGResult {
        let job = Job(statement)
        let leads = state.withLock { state in
            state.waiting.append(job)
            defer { state.sending = true }
            return !state.sending
        }
        if !leads { job.ready.wait() }  // woken with its outcome, or to send the next batch
        if job.outcome == nil { sendBatch(send) }
        return try job.outcome!.get()
    }

    /// Sends the waiting statements (this caller's first in line), hands out the results, and wakes the
    /// first caller still waiting to send the next batch.
    private func sendBatch(_ send: ([PGStatement]) -> [Result<PGResult, any Error>]) {
        let batch = state.withLock { state in
            let count = min(PGInsertBatch.limit, state.waiting.count)
            defer { state.waiting.removeFirst(count) }
            return Array(state.waiting.prefix(count))
        }
        let results = send(batch.map(\.statement))
        for (job, result) in zip(batch, results) { job.outcome = result }
        let next = state.withLock { state in
            if state.waiting.isEmpty { state.sending = false }
            return state.waiting.first
        }
        for job in batch.dropFirst() { job.ready.signal() }
        next?.ready.signal()
    }
}
