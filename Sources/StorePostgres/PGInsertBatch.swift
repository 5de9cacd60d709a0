import Foundation
import OAuthCore

/// Group commit for the refresh's one write (`TokenPathStore.insertToken(_:whileLive:at:)`, issue 16):
/// with durable commits every COMMIT waits for PostgreSQL's WAL flush, so the writes that arrive while
/// one is going out wait, suspended and holding no thread, and then go out together: BEGIN, each
/// statement, COMMIT in one pipeline (PGConnection+Batch.swift), one round trip and one WAL flush for
/// all of them. Who writes which batch is PGBatchLine's rule: a caller writes at most one batch, its
/// own statement in it, on its own thread (one of the store's threads in the server), then returns; a
/// waiting caller is woken either with its answer or to write the next batch. Nobody hears back before
/// the COMMIT that holds its row.
final class PGInsertBatch: Sendable {
    /// What a waiting caller is woken with.
    private enum Turn: Sendable {
        case written(Int)
        case lead
    }

    private final class Job: Sendable {
        let statement: PGStatement
        let turn: CheckedContinuation<Turn, any Error>

        init(_ statement: PGStatement, _ turn: CheckedContinuation<Turn, any Error>) {
            self.statement = statement
            self.turn = turn
        }
    }

    /// One batch written, one result per statement (PGConnection.batch on a pooled connection).
    typealias Write = ([PGStatement]) throws -> [Result<Int, any Error>]

    private let line = PGBatchLine<Job>()

    /// Callers waiting for a batch to take them (for tests).
    var waitingCount: Int { line.waitingCount }

    /// Rows `statement` changed, once the batch holding it has committed. When `write` throws, its error
    /// is every statement's.
    func run(_ statement: PGStatement, write: Write) async throws -> Int {
        var job: Job?
        let turn = try await withCheckedThrowingContinuation { continuation in
            job = Job(statement, continuation)
            if line.join(job!) { continuation.resume(returning: .lead) }
        }
        switch turn {
        case .written(let changed): return changed
        case .lead: return try writeBatch(job!, write)
        }
    }

    /// Writes one batch (the writer's statement in it), wakes the next writer, answers the others, and
    /// returns the writer's own answer.
    private func writeBatch(_ writer: Job, _ write: Write) throws -> Int {
        let (answers, next) = line.lead(in: Self.lockOrder) { try write($0.map(\.statement)) }
        next?.turn.resume(returning: .lead)
        for (job, result) in answers where job !== writer { job.turn.resume(with: result.map(Turn.written)) }
        return try answers.first { $0.job === writer }!.result.get()
    }

    /// Row locks in the revocations' order (OAuthCore's `GrantLockOrder`): the two cannot deadlock.
    private static func lockOrder(_ first: Job, _ second: Job) -> Bool {
        GrantLockOrder.precedes(first.statement.locks, second.statement.locks)
    }
}
