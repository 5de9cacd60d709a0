import Synchronization

/// The line of callers that PGReadBatch keeps (issue 16). A caller joins; the one that finds nobody
/// leading leads: it takes the oldest callers (its own statement among them, as a leader is always first
/// in line), sends them as one batch, and hands the lead to the first caller still waiting, who sends the
/// next batch, its own statement in it. A leader thus sends one batch and goes back to its own request:
/// no caller, and no store thread, works for batches that are not its own. Waking callers, with their
/// answers or with the lead, is PGReadBatch's part. (Writes have a thread of their own: PGInsertBatch.)
final class PGBatchLine<Job: Sendable>: Sendable {
    private struct State {
        var waiting: [Job] = []
        var leading = false
    }

    private let state = Mutex(State())
    /// Most statements in one batch.
    let limit = 64

    /// Callers waiting for a batch to take them (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Puts `job` in line; true when it leads (nobody did), and then it is first in line.
    func join(_ job: Job) -> Bool {
        state.withLock { state in
            state.waiting.append(job)
            defer { state.leading = true }
            return !state.leading
        }
    }

    /// The leader's one batch: the oldest callers, up to `limit`, each with its result from `send` (its
    /// error for all when it throws); then who leads next, to be woken by the leader, or nil: none waits,
    /// and the line is idle.
    func lead(_ send: ([Job]) throws -> [Result<PGResult, any Error>])
        -> (answers: [(job: Job, result: Result<PGResult, any Error>)], next: Job?)
    {
        let batch = state.withLock { state in
            let count = min(limit, state.waiting.count)
            defer { state.waiting.removeFirst(count) }
            return Array(state.waiting.prefix(count))
        }
        let results = oneResultPerStatement(batch.count) { try send(batch) }
        return (zip(batch, results).map { (job: $0, result: $1) }, handOff())
    }

    /// The first caller still waiting, who leads now; nil when none waits. Checking the line and ending
    /// the lead are one step under the lock: a caller joining at that moment either is in line (and is
    /// handed the lead) or finds the line idle (and leads): none waits with nobody to lead it.
    private func handOff() -> Job? {
        state.withLock { state in
            if state.waiting.isEmpty { state.leading = false }
            return state.waiting.first
        }
    }
}
