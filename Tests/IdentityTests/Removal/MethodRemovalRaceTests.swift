import Foundation
import OAuthCore
import StoreSQLite
import Testing
@testable import Identity

/// Two removals racing on one account through the real SQLite store: whichever commits first wins,
/// the other is refused whole, and the account keeps a way to sign in.
@Suite struct MethodRemovalRaceTests {
    /// Password + two Google identities; one thread removes "google", the other "password". Each alone
    /// would pass the last-method check; together exactly one may.
    @Test func twoConcurrentRemovalsLeaveAWayToSignIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("removal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let storage = try SQLiteStorage(path: path)
        try storage.migrate()
        // A second connection to the file (as another process would be) holds the write lock while both
        // removals start, so they queue together (removals in one transaction per identity interleaved
        // here and refused one type after removing half of it).
        let blocker = try SQLiteStorage(path: path)
        let f = RemovalFixture(storage: storage)
        for _ in 0..<8 {
            let id = try f.account([.password, .google, .google])
            let outcomes = try race(f, id, [.google, .password], holdingLock: blocker)
            #expect(outcomes.filter { $0 == .lastIdentity }.count == 1, "\(outcomes)")
            #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
            let left = try f.providers(id)
            #expect(left == [.password] || left == [.google, .google], "\(left)")
            #expect((try storage.passwordHash(accountID: id) != nil) == left.contains(.password))
        }
    }

    /// Runs each removal on its own thread, started together; nil for a success, else the refusal.
    private func race(_ f: RemovalFixture, _ id: String, _ providers: [LinkedIdentity.Provider],
                      holdingLock blocker: SQLiteStorage) throws -> [SignInService.Failure?]
    {
        let held = LockHolder(blocker)
        try held.holding()
        let start = DispatchSemaphore(value: 0)
        let results = Results(count: providers.count)
        let done = DispatchSemaphore(value: 0)
        for (index, provider) in providers.enumerated() {
            // Threads of their own: each may block in SQLite, and GCD's pool may have only two.
            Thread {
                defer { done.signal() }
                start.wait()
                do {
                    try f.service.removeIdentities(accountID: id, provider: provider)
                    results.set(index, nil)
                } catch {
                    results.set(index, error as? SignInService.Failure ?? .providerUnavailable)
                }
            }.start()
        }
        for _ in providers { start.signal() }
        // Only how often the two overlap depends on this pause, never the outcome checked above.
        Thread.sleep(forTimeInterval: 0.2)
        held.release()
        for _ in providers { done.wait() }
        return results.all
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [SignInService.Failure?]

    init(count: Int) { values = Array(repeating: .providerUnavailable, count: count) }

    func set(_ index: Int, _ value: SignInService.Failure?) { lock.withLock { values[index] = value } }
    var all: [SignInService.Failure?] { lock.withLock { values } }
}

/// Holds SQLite's write lock on its own thread (an empty BEGIN IMMEDIATE … COMMIT) until released.
private final class LockHolder: @unchecked Sendable {
    private let locked = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(_ storage: SQLiteStorage) {
        Thread { [self] in
            try? storage.transaction { _ in
                locked.signal()
                // Bounded: the removals' busy timeout (5 s) must not run out behind it.
                _ = released.wait(timeout: .now() + 2)
            }
            done.signal()
        }.start()
    }

    func holding() throws {
        guard locked.wait(timeout: .now() + 60) == .success else { throw CancellationError() }
    }

    func release() {
        released.signal()
        done.wait()
    }
}
