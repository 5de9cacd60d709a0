import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StoreSQLite

/// Stores, rows and concurrent callers for SQLiteBatchWriterTests.
enum BatchFixture {
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    static func open(_ folder: TemporaryFolder) throws -> SQLiteStorage {
        let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
        try storage.migrate()
        return storage
    }

    /// An account, a client, a grant and the refresh token "refresh" under it, never expiring.
    static func refreshToken(_ storage: SQLiteStorage) throws -> Grant {
        try storage.insertAccount(
            Account(id: "a", email: "a@example.com", emailVerified: true, displayName: nil, createdAt: epoch))
        try storage.insertClient(batchClient("google"))
        let grant = Grant(id: "g", accountID: "a", clientID: "google", scope: ["devices"], createdAt: epoch)
        try storage.insertGrant(grant)
        try storage.insertToken(record("refresh", .refresh, grant, expiresAt: nil))
        return grant
    }

    static func access(_ hash: String, _ grant: Grant) -> TokenRecord {
        record(hash, .access, grant, expiresAt: epoch.addingTimeInterval(3600))
    }

    private static func record(_ hash: String, _ kind: TokenRecord.Kind, _ grant: Grant, expiresAt: Date?)
        -> TokenRecord
    {
        TokenRecord(hash: hash, kind: kind, grantID: grant.id, clientID: grant.clientID, accountID: grant.accountID,
                    scope: grant.scope, authTime: epoch, createdAt: epoch.addingTimeInterval(1), expiresAt: expiresAt)
    }

    /// `count` threads, each waiting for `gate` (when given) and then calling `body` with its index.
    static func threads<T: Sendable>(count: Int, gate: Gate?, _ body: @escaping @Sendable (Int) throws -> T)
        -> ThreadRun<T>
    {
        let run = ThreadRun<T>(count: count)
        for index in 0..<count {
            Thread {
                gate?.wait()
                run.finish(index, Result { try body(index) })
            }.start()
        }
        return run
    }

    /// `count` child tasks calling `body` with their index; their values in index order.
    static func tasks<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) async throws -> T) async throws
        -> [T]
    {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count { group.addTask { (index, try await body(index)) } }
            var values: [(Int, T)] = []
            for try await value in group { values.append(value) }
            return values.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

/// Threads started together wait here until `open()`.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func open() { semaphore.signal() }

    func wait() {
        semaphore.wait()
        semaphore.signal()  // the next waiter goes too
    }
}

/// The outcomes of `BatchFixture.threads`, by index.
final class ThreadRun<T: Sendable>: Sendable {
    private let results: Mutex<[Int: Result<T, any Error>]> = Mutex([:])
    private let count: Int
    private let done = DispatchSemaphore(value: 0)

    init(count: Int) { self.count = count }

    func finish(_ index: Int, _ result: Result<T, any Error>) {
        let all = results.withLock { $0[index] = result; return $0.count == count }
        if all { done.signal() }
    }

    /// Blocks until every thread has finished (generous: the machine is shared); rethrows the first error.
    func wait() throws -> [T] {
        guard done.wait(timeout: .now() + 120) == .success else { throw StoreError.unavailable("threads hung") }
        done.signal()
        let all = results.withLock { $0 }
        return try (0..<count).map { try all[$0]!.get() }
    }

    /// `wait()` on a thread of its own, so that no thread of the cooperative pool blocks.
    func value() async throws -> [T] {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.wait() }) }.start()
        }
    }
}

/// A transaction kept open on a thread of its own (holding the writer) until `release()`.
final class HeldTransaction: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Void, any Error>?>(nil)

    init(_ storage: SQLiteStorage, _ body: @escaping @Sendable (any Storage) throws -> Void) {
        let inside = DispatchSemaphore(value: 0)
        Thread { [self] in
            let result = Result {
                try storage.transaction { tx in
                    try body(tx)
                    inside.signal()
                    _ = self.released.wait(timeout: .now() + 120)
                }
            }
            inside.signal()
            self.outcome.withLock { $0 = result }
            self.ended.signal()
        }.start()
        inside.wait()
    }

    /// Lets the transaction commit and waits for it; rethrows its error.
    func release() throws {
        released.signal()
        guard ended.wait(timeout: .now() + 120) == .success else { throw StoreError.unavailable("transaction hung") }
        try outcome.withLock { $0 }?.get()
    }
}

extension TemporaryFolder {
    /// `with`, for an async body.
    static func withAsync<T>(_ body: (TemporaryFolder) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("accountlink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(TemporaryFolder(url: url))
    }
}
