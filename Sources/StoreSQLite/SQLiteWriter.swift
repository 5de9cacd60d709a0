import Foundation
import OAuthCore
import Synchronization

/// The one writer connection, its lock, and group commit: a `transaction` that ends while others wait
/// for the writer leaves the SQLite transaction open for them, and the last of the group COMMITs once
/// for all. Each member runs inside its own SAVEPOINT, so its failure rolls back only its own writes;
/// no member returns before the COMMIT that makes its writes durable (or fails with it). Any other use
/// of the writer commits an open group first. Fewer commits mean fewer WAL writes and lock round trips
/// per token issued (docs/performance.md).
final class SQLiteWriter: @unchecked Sendable {
    // @unchecked: `group` and the connection are touched only while `lock` is held.
    let connection: SQLiteConnection
    let lock = NSLock()
    /// Callers blocked on `lock` right now.
    private let waiting = Atomic<Int>(0)
    private var group: CommitGroup?
    /// Single statements waiting for the writer's thread to run them (SQLiteWriter+Batch.swift).
    let batches = StatementBatches()
    static let largestGroup = 32

    init(_ connection: SQLiteConnection) { self.connection = connection }

    /// Lets the writer's thread end once its queue is empty (the storage is going away).
    func stop() { batches.stop() }

    /// `body` alone on the writer (each statement autocommits unless `body` begins a transaction).
    func locked<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        acquire()
        defer { lock.unlock() }
        commitGroup()
        return try body(connection)
    }

    /// `body` as one member of a group transaction.
    func grouped<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        acquire()
        let member: CommitGroup
        if let open = group {
            member = open
        } else {
            do { try connection.script("BEGIN IMMEDIATE") } catch {
                lock.unlock()
                throw error
            }
            member = CommitGroup()
            group = member
        }
        member.size += 1
        let result = Result { try inSavepoint(member, body) }
        if waiting.load(ordering: .relaxed) > 0 && member.size < Self.largestGroup {
            lock.unlock()
            let value = try result.get()  // a failed member's writes are already undone
            try member.waitForCommit()
            return value
        }
        let committed = commitGroup()
        lock.unlock()
        let value = try result.get()
        try committed.get()
        return value
    }

    func acquire() {
        waiting.add(1, ordering: .relaxed)
        lock.lock()
        waiting.subtract(1, ordering: .relaxed)
    }

    private func inSavepoint<T>(_ member: CommitGroup, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.script("SAVEPOINT member")
        do {
            let value = try body(connection)
            try connection.script("RELEASE member")
            return value
        } catch {
            do {
                try connection.script("ROLLBACK TO member")
                try connection.script("RELEASE member")
            } catch { member.poisoned = true }
            throw error
        }
    }

    /// COMMIT (or ROLLBACK, when a member could not be undone) the open group and tell its members.
    @discardableResult
    func commitGroup() -> Result<Void, any Error> {
        guard let open = group else { return .success(()) }
        group = nil
        var outcome: Result<Void, any Error> = .success(())
        if open.poisoned {
            outcome = .failure(StoreError.unavailable("sqlite: a grouped transaction could not be undone"))
        } else {
            do { try connection.script("COMMIT") } catch { outcome = .failure(error) }
        }
        if case .failure = outcome { try? connection.script("ROLLBACK") }
        open.finish(outcome)
        return outcome
    }
}

/// The members of one group transaction wait here for its COMMIT.
final class CommitGroup: @unchecked Sendable {
    // @unchecked: `size` and `poisoned` are touched only under the writer's lock, `outcome` under `condition`.
    var size = 0
    var poisoned = false
    private let condition = NSCondition()
    private var outcome: Result<Void, any Error>?

    func finish(_ result: Result<Void, any Error>) {
        condition.lock()
        outcome = result
        condition.broadcast()
        condition.unlock()
    }

    func waitForCommit() throws {
        condition.lock()
        while outcome == nil { condition.wait() }
        let result = outcome!
        condition.unlock()
        try result.get()
    }
}
