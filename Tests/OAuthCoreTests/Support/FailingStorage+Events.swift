import Foundation
import OAuthCore

/// `EventOutboxStore` for the failing wrapper: checks the switch, then forwards.
extension FailingStorage {
    func insertWebhookEndpoint(_ endpoint: WebhookEndpoint) throws { try run { try inner.insertWebhookEndpoint(endpoint) } }
    func webhookEndpoint(id: String) throws -> WebhookEndpoint? { try run { try inner.webhookEndpoint(id: id) } }
    func listWebhookEndpoints() throws -> [WebhookEndpoint] { try run { try inner.listWebhookEndpoints() } }
    func deleteWebhookEndpoint(id: String) throws -> Bool { try run { try inner.deleteWebhookEndpoint(id: id) } }
    func insertEventDelivery(_ delivery: EventDelivery) throws { try run { try inner.insertEventDelivery(delivery) } }
    func eventDelivery(id: String) throws -> EventDelivery? { try run { try inner.eventDelivery(id: id) } }
    func eventDeliveries(endpointID: String, limit: Int) throws -> [EventDelivery] {
        try run { try inner.eventDeliveries(endpointID: endpointID, limit: limit) }
    }
    func dueEventDeliveries(at time: Date, limit: Int) throws -> [EventDelivery] {
        try run { try inner.dueEventDeliveries(at: time, limit: limit) }
    }
    func updateEventDelivery(_ delivery: EventDelivery, ifUnchangedFrom expected: EventDelivery) throws -> Bool {
        try run { try inner.updateEventDelivery(delivery, ifUnchangedFrom: expected) }
    }
    func eventDeliveryCounts() throws -> [EventDeliveryCount] { try run { try inner.eventDeliveryCounts() } }
}
