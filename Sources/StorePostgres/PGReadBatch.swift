import Dispatch

/// The token path's reads sent together (issue 16): a Bearer, introspection or refresh reads one row
/// (`liveToken`, `client(id:liveToken:at:)`), and PostgreSQL spends most of such a request's time on the
/// round trip itself (waking, reading, answering), not on the lookup. Callers that arrive while one
/// batch is out wait on their own threads (the store's threads in the server); the next batch takes
/// them all, one pipeline (PGConnection+Batch.swift), one round trip. Each statement keeps its own
/// snapshot (READ COMMITTED) and its own answer. Who sends which batch is PGBatchLine's rule: each
/// sender sends one batch, its own, so nobody waits for others' batches.
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

    /// One batch read, one result per statement (PGConnection.readBatch on a pooled connection).
    typealias Send = ([PGStatement]) throws -> [Result<PGResult, any Error>]

    private let line = PGBatchLine<Job>()

    /// Callers waiting for a batch to take them (for tests).
    var waitingCount: Int { line.waitingCount }

    /// `statement`'s result, read in a batch by `send`. When `send` throws, its error is every statement's.
    func run(_ statement: PGStatement, send: Send) throws -> PGResult {
        let job = Job(statement)
        if !line.join(job) { job.ready.wait() }  // woken with its outcome, or to send the next batch
        if job.outcome == nil { sendBatch(job, send) }
        return try job.outcome!.get()
    }

    /// Sends one batch (the sender's statement in it), hands out the results, and wakes the next sender.
    private func sendBatch(_ sender: Job, _ send: Send) {
        let (answers, next) = line.lead { jobs in try send(jobs.map(\.statement)) }
        for (job, outcome) in answers { job.outcome = outcome }
        for (job, _) in answers where job !== sender { job.ready.signal() }
        next?.ready.signal()
    }
}
