import Foundation
import OAuthCore

/// The one owner of "an older provider event never undoes a newer state" (docs/sign-in.md, "Provider
/// events, applied once and in order"). Providers may deliver late, retry, or reorder
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts;
/// RFC 8935 §2 retries). The rule per kind of effect:
/// - a state the provider switches on and off (relay forwarding, the Google sign-in hold) follows the
///   newest event: an event older than the last one applied for that effect changes nothing;
/// - a revocation describes the past: it ends what began up to its time (sessions created, grants
///   created and provider tokens stored up to it) and leaves what began after it;
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
    static func isCurrent(_ effect: Effect, provider: OAuthCore.Identity.Provider, subject: String, at time: Date,
                          in tx: any Storage) throws -> Bool {
        try tx.advanceInboundMark(provider: provider, subject: subject, effect: effect.rawValue, to: time)
    }

    /// Whether something that began at `start` is named by a revocation of `time` (at the same instant:
    /// yes, the safer reading).
    static func revokes(_ time: Date, began start: Date) -> Bool { start <= time }
}
