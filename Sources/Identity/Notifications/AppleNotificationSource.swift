import Foundation
import JOSE
import OAuthCore
import Support

/// Apple's server-to-server notifications as a `SignedEventSource`: `{"payload": JWS}`, verified against
/// Apple's `/auth/keys`, one event per notification. `apply` is the one place each notification's effect
/// is applied, on the transaction that records its `jti`.
struct AppleNotificationSource: SignedEventSource {
    struct Applied: Sendable {
        let outcome: AppleNotificationProcessor.Outcome
        /// Written in the transaction; attempted once after it commits.
        var pendingRevocations: [PendingRevocation] = []
    }

    let logger: Logger
    let deletion: AccountDeletionService

    var receipt: SignedEventReceipt { .appleNotification }

    func token(in body: [UInt8]) -> String? {
        ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any])?["payload"] as? String
    }

    func event(of verified: SignedEventVerifier.Verified) throws -> AppleNotificationEvent {
        try AppleNotificationEvent(claims: verified.claims)
    }

    func apply(_ event: AppleNotificationEvent, _ verified: SignedEventVerifier.Verified, in tx: InboundTransaction)
        throws -> Applied
    {
        guard let identity = try tx.store.identity(provider: .apple, subject: event.subject) else {
            logger.info("apple notification for an unknown user", ["apple.event": event.type, "apple.aud": verified.audience])
            return Applied(outcome: .ignored("unknown subject"))
        }
        // The event's own time orders it (Apple's `event_time`), else the notification's `iat`.
        let time = event.eventTime ?? Date(timeIntervalSince1970: TimeInterval(verified.issuedAt))
        let effect = AppleNotificationEffect(identity: identity, event: event, time: time, tx: tx)
        var applied: Applied
        switch event.kind {
        case .emailDisabled: applied = Applied(outcome: try effect.setReachable(false))
        case .emailEnabled: applied = Applied(outcome: try effect.setReachable(true))
        case .consentRevoked: applied = Applied(outcome: try effect.consentRevoked())
        case .accountDeleted:
            let (outcome, pending) = try effect.appleAccountDeleted(deletion)
            applied = Applied(outcome: outcome, pendingRevocations: pending)
        case .other(let type):
            logger.info("apple notification type not handled", ["apple.event": type])
            return Applied(outcome: .ignored("unhandled type \(type)"))
        }
        try audit(event, identity, applied.outcome, tx)
        return applied
    }

    private func audit(_ event: AppleNotificationEvent, _ identity: LinkedIdentity,
                       _ outcome: AppleNotificationProcessor.Outcome, _ tx: InboundTransaction) throws {
        let stale = outcome == .ignored(AppleNotificationEffect.older)
        try tx.audit(
            .appleNotification, accountID: identity.accountID,
            detail: "type=\(event.type)" + (event.eventTime.map { " event_time=\(Int64($0.timeIntervalSince1970))" } ?? "")
                + (stale ? " older=true" : ""))
        logger.info("apple notification processed", ["apple.event": event.type, "account.id": identity.accountID])
    }
}
