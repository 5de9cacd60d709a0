import Foundation
import OAuthCore
import Support

/// The state changes of Cross-Account Protection events (https://developers.google.com/identity/protocols/risc,
/// "Supported event types") on the transaction that records the token, ordered by its `iat` (`InboundOrder`).
struct RiscEffect {
    /// The security event token's `iat`.
    let time: Date
    let tx: InboundTransaction

    /// `sessions-revoked`, and `account-disabled` for `hijacking`: every web session and first-party app
    /// grant begun up to the event ends, whatever method started them; third-party links (Google Home's) stay.
    func signOut(_ identity: LinkedIdentity?) throws -> String {
        guard let identity else { return "unknown google account" }
        let ended = try tx.signOut(accountID: identity.accountID, reason: .googleRisc, before: InboundOrder.cutoff(time))
        return "sessions ended, \(ended) app sign-in(s) ended"
    }

    /// `tokens-revoked`: the stored Google refresh token goes, unless it was stored after the event (a
    /// later grant of offline access, which the event does not name).
    func dropStoredToken(_ identity: LinkedIdentity?) throws -> String {
        guard let identity,
            let stored = try tx.store.thirdPartyTokens(accountID: identity.accountID)
                .first(where: { $0.identityID.sameBytes(identity.id) && $0.provider == .google })
        else { return "no google refresh token stored" }
        guard InboundOrder.revokes(time, began: stored.createdAt) else { return "google refresh token is newer, kept" }
        _ = try tx.store.deleteThirdPartyToken(identityID: identity.id)
        return "google refresh token dropped"
    }

    /// `account-disabled`: Google sign-in is refused for this Google account until `account-enabled`
    /// (Google: "disable Google Sign-in for the user"), unless a newer `account-enabled` was applied; for
    /// `hijacking` the account is also re-secured (a revocation: by its own time rule).
    func hold(_ event: SecurityEvent, _ identity: LinkedIdentity?) throws -> String {
        guard let subject = event.subject else { return "no subject" }
        var text = "newer account-enabled applied, no hold"
        if try InboundOrder.isCurrent(.googleSignInHold, provider: .google, subject: subject, at: time, in: tx.store) {
            try tx.store.saveProviderHold(
                ProviderHold(provider: .google, subject: subject, reason: event.reason ?? "", since: tx.now))
            text = "google sign-in held"
        }
        guard event.reason?.sameBytes("hijacking") == true else { return text }
        return text + ", " + (try signOut(identity))
    }

    /// `account-enabled`: the hold is lifted, unless a newer `account-disabled` was applied.
    func lift(_ event: SecurityEvent) throws -> String {
        guard let subject = event.subject else { return "no hold to lift" }
        guard try InboundOrder.isCurrent(.googleSignInHold, provider: .google, subject: subject, at: time, in: tx.store) else {
            return "newer account-disabled applied, hold kept"
        }
        let lifted = try tx.store.deleteProviderHold(provider: .google, subject: subject)
        return lifted ? "google sign-in allowed again" : "no hold to lift"
    }
}
