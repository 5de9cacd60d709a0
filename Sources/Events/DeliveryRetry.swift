import Foundation
import OAuthCore
import Support

/// The operator's retry of a failed delivery (admin API `POST /admin/webhooks/{id}/deliveries/{delivery}/retry`,
/// docs/webhooks.md): pending again, due now, with a fresh schedule and the same id (the receiver's
/// `webhook-id` never changes), and the audit entry, in one transaction.
public struct DeliveryRetry: Sendable {
    public typealias Store = EventOutboxStore & AuditStore & Transacting

    public enum Failure: Error, Equatable {
        /// No delivery with that id belongs to that endpoint.
        case notFound
        /// Only a `failed` delivery is retried: a pending one is still on its schedule.
        case notFailed
        /// The worker changed it between the read and the write.
        case changed
    }

    let storage: any Store
    let clock: any Clock
    let random: any RandomSource

    public init(storage: any Store, clock: any Clock, random: any RandomSource) {
        self.storage = storage
        self.clock = clock
        self.random = random
    }

    public func retry(deliveryID: String, endpointID: String, by actor: String) throws -> EventDelivery {
        let now = clock.now()
        return try storage.transaction { tx in
            guard let delivery = try tx.eventDelivery(id: deliveryID), delivery.endpointID.sameBytes(endpointID) else {
                throw Failure.notFound
            }
            guard let again = Self.retried(delivery, at: now) else { throw Failure.notFailed }
            guard try tx.updateEventDelivery(again, ifUnchangedFrom: delivery) else { throw Failure.changed }
            try AuditRecorder(random: random, at: now).record(
                .webhookDeliveryRetried, accountID: delivery.accountID, detail: "\(deliveryID) by \(actor)", in: tx)
            return again
        }
    }

    /// `delivery` due again at `now` with a fresh schedule; nil when it is not `failed`.
    static func retried(_ delivery: EventDelivery, at now: Date) -> EventDelivery? {
        guard delivery.status == .failed else { return nil }
        var again = delivery
        (again.status, again.attempts, again.nextAttemptAt) = (.pending, 0, now)
        return again
    }
}
