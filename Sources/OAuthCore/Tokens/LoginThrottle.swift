import Foundation

/// Slows password guessing per account and per client address (OWASP authentication cheat sheet;
/// the counting rule is `LoginThrottlePolicy`). The counters live in the store (`LoginAttemptStore`),
/// so several instances on one database share one budget, and every attempt is counted before the
/// password is checked, in the same atomic step as the window check: parallel guesses cannot
/// slip past the budget. A success gives the attempt back. The injected clock makes every window
/// testable without sleeping.
public struct LoginThrottle: Sendable {
    public let policy: LoginThrottlePolicy

    public init(freeFailures: Int = 5, baseDelay: TimeInterval = 30, maximumDelay: TimeInterval = 3600) {
        policy = LoginThrottlePolicy(freeFailures: freeFailures, baseDelay: baseDelay, maximumDelay: maximumDelay)
    }

    public var freeFailures: Int { policy.freeFailures }

    public static func accountKey(_ email: String) -> String { "account:" + Account.emailKey(email) }
    public static func addressKey(_ address: String) -> String { "address:" + address }

    /// False when any key is inside its refusal window; otherwise the attempt is counted (atomically).
    public func take(_ keys: [String], at now: Date, in storage: any LoginAttemptStore) throws -> Bool {
        try storage.takeLoginAttempt(keys: keys, policy: policy, at: now)
    }

    /// A successful sign-in clears the account's record and gives the address its attempt back.
    public func succeeded(_ keys: [String], in storage: any LoginAttemptStore) throws {
        guard let account = keys.first else { return }
        try storage.loginSucceeded(clearedKey: account, returnedKeys: Array(keys.dropFirst()), policy: policy)
    }

    /// Forgets keys whose last attempt is older than `maximumDelay` and that are not blocked.
    public func purge(at now: Date, in storage: any LoginAttemptStore) throws {
        try storage.purgeLoginAttempts(before: now.addingTimeInterval(-policy.maximumDelay))
    }

    /// How long until every key is out of its refusal window; nil when none is blocked now.
    public func retryAfter(_ keys: [String], at now: Date, in storage: any LoginAttemptStore) throws -> TimeInterval? {
        let until = try keys.compactMap { try storage.loginAttempts(key: $0)?.blockedUntil }.max()
        guard let until, until > now else { return nil }
        return until.timeIntervalSince(now)
    }
}
