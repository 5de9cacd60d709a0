import Foundation
import JOSE
import OAuthCore
import Support

/// Delivers one event outbox row (docs/webhooks.md): claims it with a compare-and-set (two workers never
/// send one attempt), signs it (Standard Webhooks headers, or a logout token), POSTs it, and records the
/// outcome: a 2xx is `delivered`; anything else is retried on the policy's schedule, then `failed`.
/// A claim that lapsed (the process died mid-send) is simply tried again: delivery is at least once, and
/// the `webhook-id` never changes.
public struct EventSender: Sendable {
    /// The outbox's deliveries, the webhook endpoints' sealed secrets and the clients logout tokens go to.
    public typealias Store = EventOutboxStore & ClientStore & Sendable

    let storage: any Store
    let poster: any EventPoster
    let secrets: WebhookSecret
    let logoutToken: LogoutToken
    let clock: any Clock
    let logger: Logger
    public let policy: EventRetryPolicy

    public init(storage: any Store, poster: any EventPoster, secrets: WebhookSecret, logoutToken: LogoutToken,
                clock: any Clock, logger: Logger, policy: EventRetryPolicy) {
        self.storage = storage
        self.poster = poster
        self.secrets = secrets
        self.logoutToken = logoutToken
        self.clock = clock
        self.logger = logger.with(label: "events.outbox")
        self.policy = policy
    }

    public func due(limit: Int = 100) throws -> [EventDelivery] { try storage.dueEventDeliveries(at: clock.now(), limit: limit) }

    /// Claims and attempts one delivery; false when another worker had it.
    @discardableResult
    public func deliver(_ delivery: EventDelivery) throws -> Bool {
        var claim = delivery
        claim.status = .sending
        claim.attempts += 1
        claim.nextAttemptAt = clock.now().addingTimeInterval(policy.claimLifetime)
        guard try storage.updateEventDelivery(claim, ifUnchangedFrom: delivery) else { return false }
        let status = attempt(claim)
        try record(status, claim)
        return true
    }

    func attempt(_ delivery: EventDelivery) -> Int? {
        guard let url = URL(string: delivery.url) else { return nil }
        do {
            let (contentType, headers, body) = try request(delivery)
            return poster.post(url: url, contentType: contentType, headers: headers, body: body, timeout: policy.timeout)
        } catch {
            logger.error("event not signed", ["event.id": delivery.id, "error": "\(error)"])
            return nil
        }
    }

    func request(_ delivery: EventDelivery) throws -> (String, [(String, String)], [UInt8]) {
        let now = clock.now()
        switch delivery.kind {
        case .webhook:
            guard let endpoint = try storage.webhookEndpoint(id: delivery.endpointID),
                let key = WebhookSecret.signingKey(try secrets.open(endpoint.sealedSecret, endpointID: endpoint.id))
            else { throw StoreError.corrupt("webhook endpoint \(delivery.endpointID) or its secret is gone") }
            let signature = WebhookSignature(id: delivery.id, timestamp: Int64(now.timeIntervalSince1970),
                                             body: delivery.body, key: key)
            return ("application/json", signature.headers, Array(delivery.body.utf8))
        case .backchannelLogout:
            // OIDC Back-Channel Logout 1.0 §2.5: `logout_token` form-encoded in the POST body.
            let token = try logoutToken.token(for: delivery, client: try storage.client(id: delivery.endpointID), at: now)
            return ("application/x-www-form-urlencoded", [], Array("logout_token=\(token)".utf8))
        }
    }

    func record(_ status: Int?, _ claim: EventDelivery) throws {
        var result = claim
        let now = clock.now()
        result.lastStatusCode = status
        if let status, (200..<300).contains(status) {
            (result.status, result.deliveredAt) = (.delivered, now)
        } else if let delay = policy.delay(afterAttempt: claim.attempts) {
            (result.status, result.nextAttemptAt) = (.pending, now.addingTimeInterval(delay))
        } else {
            result.status = .failed
        }
        _ = try storage.updateEventDelivery(result, ifUnchangedFrom: claim)
        logger.info("event attempt", ["event.id": claim.id, "event.type": claim.eventType, "event.endpoint": claim.endpointID,
                                      "event.status": result.status.rawValue, "event.attempts": String(claim.attempts),
                                      "http.status": status.map(String.init) ?? "none"])
    }
}
