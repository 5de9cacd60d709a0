import Foundation
import Synchronization

/// Slows password guessing per account and per client address (OWASP authentication cheat sheet):
/// after `freeFailures` failures a key is refused for `baseDelay · 2^(n − freeFailures)`, capped at
/// `maximumDelay`. In memory; the injected clock makes every window testable without sleeping.
public final class LoginThrottle: Sendable {
    private struct Entry {
        var failures = 0
        var lastFailure = Date.distantPast
        var blockedUntil = Date.distantPast
    }

    public let freeFailures: Int
    public let baseDelay: TimeInterval
    public let maximumDelay: TimeInterval
    private let entries = Mutex<[String: Entry]>([:])

    public init(freeFailures: Int = 5, baseDelay: TimeInterval = 30, maximumDelay: TimeInterval = 3600) {
        self.freeFailures = freeFailures
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    public static func accountKey(_ email: String) -> String { "account:" + email.lowercased() }
    public static func addressKey(_ address: String) -> String { "address:" + address }

    /// True when none of the keys is inside its refusal window.
    public func allows(_ keys: [String], at now: Date) -> Bool {
        entries.withLock { table in keys.allSatisfy { (table[$0]?.blockedUntil ?? .distantPast) <= now } }
    }

    public func recordFailure(_ keys: [String], at now: Date) {
        entries.withLock { table in
            for key in keys {
                var entry = table[key] ?? Entry()
                entry.failures += 1
                entry.lastFailure = now
                let over = entry.failures - freeFailures
                if over >= 0 {
                    let delay = min(maximumDelay, baseDelay * pow(2, Double(min(over, 30))))
                    entry.blockedUntil = now.addingTimeInterval(delay)
                }
                table[key] = entry
            }
        }
    }

    /// How long until every key is out of its refusal window; nil when none is blocked now.
    public func retryAfter(_ keys: [String], at now: Date) -> TimeInterval? {
        let until = entries.withLock { table in keys.compactMap { table[$0]?.blockedUntil }.max() }
        guard let until, until > now else { return nil }
        return until.timeIntervalSince(now)
    }

    /// A successful sign-in clears the account's record (not the address's).
    public func recordSuccess(_ key: String) {
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }

    /// Forgets keys whose last failure is older than `maximumDelay` and that are not blocked.
    public func purge(at now: Date) {
        entries.withLock { table in
            table = table.filter {
                $0.value.blockedUntil > now || now.timeIntervalSince($0.value.lastFailure) < maximumDelay
            }
        }
    }
}
