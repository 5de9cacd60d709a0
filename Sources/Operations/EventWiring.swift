import Events
import Foundation
import OAuthCore

/// Builds the delivery worker of webhooks and back-channel logout tokens (docs/webhooks.md) and its
/// `/metrics` family. The worker runs beside the server, never on a request: requests only write the outbox.
public enum EventWiring {
    public static func worker(_ runtime: Runtime) -> EventWorker {
        let sender = EventSender(
            storage: runtime.storage, poster: URLSessionEventPoster(), secrets: WebhookSecret(masterKey: runtime.masterKey),
            logoutToken: LogoutToken(keyRing: runtime.keyRing, issuer: runtime.configuration.issuerString),
            clock: runtime.clock, logger: runtime.logger, policy: runtime.configuration.webhooks)
        return EventWorker(sender: sender)
    }
}
