import Foundation

/// What the providers' signed events (Apple's server-to-server notifications, Google's RISC security
/// events) need so that an older event never undoes a newer state (docs/sign-in.md, "Provider events,
/// applied once and in order"). Every method is atomic on its own; the receivers call them inside the
/// transaction that records the event's `jti`.
public protocol InboundEventStore {
    /// Moves the mark of one effect (`email-reachability`, `google-sign-in-hold`, …) on (provider,
    /// subject) to `eventTime`, unless an event with a later time set it already. True when this event is
    /// not older than the last one applied for that effect (the mark now holds its time); false, and
    /// nothing changes, when a newer one was applied. Times compare at millisecond precision.
    func advanceInboundMark(provider: LinkedIdentity.Provider, subject: String, effect: String, to eventTime: Date) throws
        -> Bool

    /// Deletes the account's browser sessions created at or before `time`; those created after it stay
    /// (a revocation describes the past: a session begun after it is not one it names).
    func deleteSessions(accountID: String, createdUpTo time: Date) throws
}
