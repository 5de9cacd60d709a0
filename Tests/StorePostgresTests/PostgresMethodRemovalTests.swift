import Foundation
import Identity
import OAuthCore
import Support
import Testing

@testable import StorePostgres

/// Removing sign-in methods on PostgreSQL (SignInService+Removal.swift): at READ COMMITTED two removals
/// that both read the account before either deletes would each count the other's method and leave
/// none; taking the account's row first makes the second wait and count what the first left.
@Suite struct PostgresMethodRemovalTests {
    @Test func racingRemovalsLeaveAWayToSignIn() throws {
        try PostgresTestDatabase.withFreshSchema(poolSize: 4) { storage, url in
            try storage.migrate()
            let id = try account(storage)
            // Reads of `identities` pass, deletes wait: both removals get as far as they can first.
            let holder = try PGConnection(conninfo: try PostgresURL.conninfo(url))
            try holder.query("BEGIN")
            try holder.query("LOCK TABLE identities IN EXCLUSIVE MODE")
            let service = SignInService(storage: storage, clock: ManualClock(), random: SystemRandom(),
                                        logger: Logger(label: "test", minimumLevel: .error, sink: MemorySink()))
            let outcomes = Outcomes()
            let done = DispatchSemaphore(value: 0)
            for provider in [LinkedIdentity.Provider.google, .password] {
                // Threads of their own: each blocks in the server, and GCD's pool may have only two.
                Thread {
                    outcomes.add(Result { try service.removeIdentities(accountID: id, provider: provider) })
                    done.signal()
                }.start()
            }
            try poll { try waiting(behind: holder) == 2 }
            try holder.query("COMMIT")
            done.wait()
            done.wait()
            #expect(outcomes.successes == 1)
            #expect(outcomes.refusals == [.lastIdentity])
            let left = try storage.identities(accountID: id).map(\.provider.rawValue).sorted()
            #expect(left == ["password"] || left == ["google", "google"], "\(left)")
        }
    }

    /// An account with a password and two Google identities.
    private func account(_ storage: PostgresStorage) throws -> String {
        let now = PGFixture.time
        try storage.insertAccount(Account(id: "acct", email: "a@example.com", emailVerified: true, displayName: nil,
                                          createdAt: now))
        for (index, provider) in [LinkedIdentity.Provider.password, .google, .google].enumerated() {
            try storage.insertIdentity(LinkedIdentity(
                id: "idn\(index)", accountID: "acct", provider: provider, subject: "s\(index)", email: nil,
                emailVerified: true, firstSignInAt: now, lastSignInAt: now))
        }
        try storage.setPasswordHash("hash", accountID: "acct")
        return "acct"
    }

    /// Sessions waiting for `holder`, directly or behind a session that waits for it. The holder's
    /// transaction would keep reading the sessions as they were at its first look: cleared first.
    private func waiting(behind holder: PGConnection) throws -> Int64 {
        try holder.query("SELECT pg_stat_clear_snapshot()")
        return try holder.query("""
            WITH direct AS (SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid)))
            SELECT (SELECT count(*) FROM direct) + (SELECT count(*) FROM pg_stat_activity a
                WHERE EXISTS (SELECT 1 FROM direct d WHERE d.pid = ANY(pg_blocking_pids(a.pid))))
            """).rows { try $0.int64(0) }.first ?? 0
    }

    /// Polls every 50 ms for up to a generous minute (the machine is shared and loaded).
    private func poll(_ condition: () throws -> Bool) throws {
        for _ in 0..<1200 {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw StoreError.unavailable("timed out waiting for both removals")
    }
}

private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[LinkedIdentity], any Error>] = []

    func add(_ result: Result<[LinkedIdentity], any Error>) { lock.withLock { results.append(result) } }

    var successes: Int {
        lock.withLock { results.filter { if case .success = $0 { true } else { false } }.count }
    }

    var refusals: [SignInService.Failure] {
        lock.withLock { results.compactMap { if case .failure(let error) = $0 { error as? SignInService.Failure } else { nil } } }
    }
}
