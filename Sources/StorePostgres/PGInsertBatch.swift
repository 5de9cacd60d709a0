import Foundation
import OAuthCore
import Synchronization

/// Group commit for the refresh's one write (`TokenPathStore.insertToken(_:whileLive:at:)`, issue 16):
/// with durable commits every COMMIT waits for PostgreSQL's WAL flush, so the writes that arrive while
/// one is going out wait, suspended and holding no thread, and then go out together: BEGIN, each
/// statement, COMMIT in one pipeline (PGConnection+Batch.swift), one round trip and one WAL flush for
/// all of them. The first caller that finds nobody writing writes, on its own thread (one of the store's
/// threads in the server), until nothing waits. Nobody hears back before the COMMIT that holds its row.
final class PGInsertBatch: Sendable {
    private struct Waiting: Sendable {
        let statement: PGStatement
        let continuation: CheckedContinuation<Int, any Error>
    }

    private struct State {
        var waiting: [Waiting] = []
        var writing = false
    }

    private let state = Mutex(State())
    /// Most statements in one transaction.
    static let limit = 64

    /// Callers waiting for the next batch (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Rows `statement` changed, once the batch holding it has committed. `write` runs one batch and
    /// answers one result per statement.
    func run(_ statement: PGStatement, write: ([PGStatement]) -> [Result<Int, any Error>]) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let leads = state.withLock { state in
                state.waiting.append(Waiting(statement: statement, continuation: continuation))
                defer { state.writing = true }
                return !state.writing
            }
            if leads { drain(write) }
        }
    }

    private func drain(_ write: ([PGStatement]) -> [Result<Int, any Error>]) {
        while let batch = next() {
            let results = write(batch.map(\.statement))
            for (waiting, result) in zip(batch, results) { waiting.continuation.resume(with: result) }
        }
    }

    /// Up to `limit` waiting callers, the oldest, in the order of the rows they lock; nil (and nobody
    /// writing) when none wait.
    private func next() -> [Waiting]? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.writing = false
                return nil
            }
            let count = min(Self.limit, state.waiting.count)
            defer { state.waiting.removeFirst(count) }
            // Row locks in one order, the revocations' (OAuthCore's `GrantLockOrder`): no deadlock between them.
            return state.waiting.prefix(count).sorted { GrantLockOrder.precedes($0.statement.locks, $1.statement.locks) }
        }
    }
}
