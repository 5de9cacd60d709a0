import Foundation
import Synchronization

/// The source of "now" for every expiry check (docs/architecture.md rule 9): inject it, never call `Date()`
/// deep in logic.
public protocol Clock: Sendable {
    func now() -> Date
}

extension Clock {
    /// Whole seconds since 1970, the unit of JWT `exp`/`iat` (RFC 7519 §2 NumericDate).
    public var unixTime: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }
}

/// The wall clock.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to; tests use it instead of sleeping.
public final class ManualClock: Clock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
