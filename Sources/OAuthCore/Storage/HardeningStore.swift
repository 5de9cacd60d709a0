import Foundation

/// How the login throttle counts (OWASP authentication cheat sheet): after `freeFailures` counted
/// attempts a key is refused for `baseDelay · 2^(n − freeFailures)`, capped at `maximumDelay`.
public struct LoginThrottlePolicy: Sendable, Equatable {
    public var freeFailures: Int
    public var baseDelay: TimeInterval
    public var maximumDelay: TimeInterval

    public init(freeFailures: Int = 5, baseDelay: TimeInterval = 30, maximumDelay: TimeInterval = 3600) {
        self.freeFailures = freeFailures
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// `blockedUntil` of a key that is not refused.
    public static let notBlocked = Date(timeIntervalSince1970: 0)

    /// The refusal window after `failures` counted attempts at `now`; nil while still free.
    public func blockedUntil(failures: Int, at now: Date) -> Date? {
        let over = failures - freeFailures
        guard over >= 0 else { return nil }
        return now.addingTimeInterval(min(maximumDelay, baseDelay * pow(2, Double(min(over, 30)))))
    }
}

/// One key's counted attempts (an account's email key or a client address).
public struct LoginAttemptRecord: Sendable, Equatable {
    public var key: String
    public var failures: Int
    public var lastFailure: Date
    public var blockedUntil: Date

    public init(key: String, failures: Int, lastFailure: Date, blockedUntil: Date) {
        self.key = key
        self.failures = failures
        self.lastFailure = lastFailure
        self.blockedUntil = blockedUntil
    }
}

/// The login throttle's counters, shared by every instance on one database.
public protocol LoginAttemptStore {
    /// One atomic step: false (nothing counted) when any key is inside its refusal window; else counts
    /// the attempt against every key, as if it failed, and answers true. Of N concurrent callers with
    /// a budget of B left, at most B get true.
    func takeLoginAttempt(keys: [String], policy: LoginThrottlePolicy, at time: Date) throws -> Bool
    /// The attempt succeeded: `clearedKey`'s record goes; each of `returnedKeys` gets its counted
    /// attempt back (and its window lifts when it falls below the free budget).
    func loginSucceeded(clearedKey: String, returnedKeys: [String], policy: LoginThrottlePolicy) throws
    func loginAttempts(key: String) throws -> LoginAttemptRecord?
    /// Forgets records last counted before `time` whose window has passed by `time`.
    func purgeLoginAttempts(before time: Date) throws
}

/// Which refresh token was issued for which (RFC 9700 §4.14.2): a rotation family is a tree of
/// `child → parent` rows. It answers the rotation rule's one question (RefreshRotation.swift): has a
/// token issued after the presented one been used?
public protocol RefreshLineageStore {
    func recordRefreshLineage(child: String, parent: String, at time: Date) throws
    /// Marks the token `hash` used, in one atomic step with the check: false when a later token of its
    /// family was used before, either a child of `hash` or a sibling (another child of its parent: the
    /// client kept another answer of the same refresh, so this one is held by someone else). Unused
    /// siblings stay stored until the purge (RefreshHistoryStore) only so that presenting one is caught.
    /// Of two siblings used concurrently one gets false; a child used concurrently with its parent's
    /// presentation is serialised with it (both lock the parent's children).
    func useRefreshToken(hash: String, at time: Date) throws -> Bool
}

/// Single-use interaction records (the web sign-in state, RFC 9700 §4.7).
public protocol InteractionTakeStore {
    /// Deletes and returns the record atomically; of concurrent callers exactly one gets it.
    func takeInteraction(id: String) throws -> Interaction?
}
