import Foundation
import OAuthCore
import Support
import Synchronization

/// The stored states the live-token cases ask about (Cases+LiveToken.swift).
extension StoreConformance {
    /// The `now` of the table: one of its tokens expires exactly then.
    static let tableNow = Fixture.time(100)

    /// Every combination of revoked or not, no expiry, expired before, at and after `tableNow`, under an
    /// active, a disabled and a deleted account; each token with its account as stored.
    static func liveTable(_ s: any Storage) throws -> [(TokenRecord, Account)] {
        var table: [(TokenRecord, Account)] = []
        for status in [Account.Status.active, .disabled, .deleted] {
            let grant = try Fixture.linked(s, account: "acct-\(status)", grant: "grant-\(status)")
            var account = Fixture.account(grant.accountID)
            account.status = status
            for revoked in [false, true] {
                for expiry in [nil, 50, 100, 101] {
                    var record = Fixture.token(
                        "\(status)-\(revoked ? "revoked" : "unrevoked")-\(expiry.map(String.init) ?? "never")",
                        revoked ? .access : .refresh, grant: grant, expiresAt: expiry.map(Fixture.time))
                    record.revokedAt = revoked ? Fixture.time(2) : nil
                    try s.insertToken(record)
                    table.append((record, account))
                }
            }
            try s.updateAccount(account)
        }
        return table
    }

    /// The grant a token was issued under, as `Fixture.linked` made it.
    static func parentGrant(_ record: TokenRecord) -> Grant {
        Fixture.grant(record.grantID, account: record.accountID, client: record.clientID)
    }

    /// A refresh token hash for each reason not to be live at `Fixture.time(100)`, with a grant a new
    /// access token would be issued under.
    static func notLiveRefreshTokens(_ s: any Storage) throws -> [(String, String, Grant)] {
        let base = try Fixture.linked(s)
        var cases: [(String, String, Grant)] = [("unknown", "no-such-token", base)]
        try s.insertToken(Fixture.token("revoked", .refresh, grant: base, expiresAt: nil))
        _ = try s.revokeToken(hash: "revoked", at: Fixture.time(50))
        cases.append(("revoked", "revoked", base))
        try s.insertToken(Fixture.token("expired", .refresh, grant: base, expiresAt: Fixture.time(100)))
        cases.append(("expired", "expired", base))
        let revokedGrant = try Fixture.linked(s, client: "other", grant: "revoked-grant")
        try s.insertToken(Fixture.token("of-revoked-grant", .refresh, grant: revokedGrant, expiresAt: nil))
        _ = try s.revokeGrant(id: revokedGrant.id, at: Fixture.time(50))
        cases.append(("grant revoked", "of-revoked-grant", revokedGrant))
        for status in [Account.Status.disabled, .deleted] {
            let grant = try Fixture.linked(s, account: "acct-\(status)", grant: "grant-\(status)")
            try s.insertToken(Fixture.token("of-\(status)", .refresh, grant: grant, expiresAt: nil))
            var account = Fixture.account(grant.accountID)
            account.status = status
            try s.updateAccount(account)
            cases.append(("account \(status)", "of-\(status)", grant))
        }
        let erased = try Fixture.linked(s, account: "acct-erased", grant: "grant-erased")
        try s.insertToken(Fixture.token("of-erased", .refresh, grant: erased, expiresAt: nil))
        _ = try s.eraseAccount(id: "acct-erased", at: Fixture.time(50))
        cases.append(("account erased", "of-erased", erased))
        return cases
    }

    /// `insertToken(derivedFrom:readAhead:at:_:)` with a `derive` that writes `access`: what `derive` was
    /// given (nil when it was not called) and the store's answer.
    static func deriving(
        _ access: TokenRecord, from refreshHash: String, readAhead: LiveToken?, at now: Date, in s: any Storage
    ) throws -> (seen: LiveToken?, derived: DerivedToken?) {
        let seen = Mutex<LiveToken?>(nil)
        let derived = try awaited {
            try await s.insertToken(derivedFrom: refreshHash, readAhead: readAhead, at: now) { live in
                seen.withLock { $0 = live }
                return access
            }
        }
        return (seen.withLock { $0 }, derived)
    }

    /// Runs an async store call from a (synchronous) case and waits for it. The task runs on a thread of
    /// its own (SE-0417 executor preference), so waiting here never needs a thread of Swift's
    /// cooperative pool, which the test runner may be using to call this case.
    static func awaited<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let threads = StoreThreads(limit: 1, name: "al.conformance")
        defer { threads.stop() }
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: threads) {
            do {
                let value = try await body()
                outcome.withLock { $0 = .success(value) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, let result = outcome.withLock({ $0 }) else {
            throw ConformanceFailure("an async store call did not return within 60 s")
        }
        return try result.get()
    }
}
