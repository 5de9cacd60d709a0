import Foundation

/// When a delivery is tried again (docs/webhooks.md, Retries): the Standard Webhooks schedule, a few
/// seconds, then minutes, then hours, for about 27 hours in all (>= 24 h), then `failed`. `scale`
/// multiplies every delay (`ACCOUNTLINK_WEBHOOK_RETRY_SCALE`, for tests); `timeout` bounds one attempt.
public struct EventRetryPolicy: Sendable, Equatable {
    /// Seconds after attempt 1, 2, …: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
    public static let schedule: [TimeInterval] = [5, 300, 1800, 7200, 18000, 36000, 36000]

    public var scale: Double
    public var timeout: TimeInterval
    /// At most this many attempts to one endpoint at once.
    public var perEndpointConcurrency: Int

    public init(scale: Double = 1, timeout: TimeInterval = 15, perEndpointConcurrency: Int = 4) {
        self.scale = scale
        self.timeout = timeout
        self.perEndpointConcurrency = perEndpointConcurrency
    }

    /// The delay after attempt `n` (1-based), or nil when that was the last one.
    public func delay(afterAttempt n: Int) -> TimeInterval? {
        guard n >= 1, n <= Self.schedule.count else { return nil }
        return Self.schedule[n - 1] * scale
    }

    /// How long a claim holds: longer than one attempt can take, so a live sender never loses it.
    public var claimLifetime: TimeInterval { timeout + 5 }
}
