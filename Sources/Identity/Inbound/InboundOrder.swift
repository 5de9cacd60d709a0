import Foundation
import JOSE
import OAuthCore

/// The one owner of "an older provider event never undoes a newer state" (docs/sign-in.md, "Provider
/// events, applied once and in order"). Providers may deliver late, retry, or reorder
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts;
/// RFC 8935 §2 retries). The rule per kind of effect:
/// - a state the provider switches on and off (relay forwarding, the Google sign-in hold) follows the
///   newest event: an event older than the last one applied for that effect changes nothing;
/// - a revocation describes the past: it ends what began up to its time, give or take the clock skew
///   (`cutoff`: sessions created, grants created and provider tokens stored up to it) and leaves what
///   began after it;
/// - a deletion of the provider account is final: nothing newer can exist for that subject.
enum InboundOrder {
    enum Effect: String {
        /// Apple `email-disabled` / `email-enabled`.
        case emailReachability = "email-reachability"
        /// Google RISC `account-disabled` / `account-enabled`.
        case googleSignInHold = "google-sign-in-hold"
    }

    /// Whether an event of `time` still decides `effect` on (provider, subject); when true its time is
    /// recorded in the caller's transaction, so a later, older event is refused.
    static func isCurrent(_ effect: Effect, provider: LinkedIdentity.Provider, subject: String, at time: Date,
                          in tx: any InboundEventStore) throws -> Bool {
        try tx.advanceInboundMark(provider: provider, subject: subject, effect: effect.rawValue, to: time)
    }

    /// The latest start a revocation of `time` names: its time plus the clock skew allowed between the
    /// provider and us (the token checks' leeway, ClaimChecks.defaultLeeway), so that a session begun just
    /// before the event by our clock is never left alive by a provider clock running behind.
    static func cutoff(_ time: Date) -> Date { time.addingTimeInterval(TimeInterval(ClaimChecks.defaultLeeway)) }

    /// Whether something that began at `start` is named by a revocation of `time`.
    static func revokes(_ time: Date, began start: Date) -> Bool { start <= cutoff(time) }
}
