import Foundation
import OAuthCore
import Support

/// Webhook endpoints and the event outbox (Sources/OAuthCore/Storage/EventOutboxStore.swift).
extension MemoryStorage {
    public func insertWebhookEndpoint(_ endpoint: WebhookEndpoint) throws {
        try access {
            try $0.webhookEndpoints.insertNew(endpoint, at: endpoint.id, conflict: "endpoint exists")
        }
    }

    public func webhookEndpoint(id: String) throws -> WebhookEndpoint? { try access { $0.webhookEndpoints[id] } }

    public func listWebhookEndpoints() throws -> [WebhookEndpoint] {
        try access { state in state.webhookEndpoints.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }
    }

    public func deleteWebhookEndpoint(id: String) throws -> Bool {
        try access { state in
            guard state.webhookEndpoints.removeValue(forKey: id) != nil else { return false }
            state.eventDeliveries = state.eventDeliveries.filter { $0.value.kind != .webhook || $0.value.endpointID != id }
            return true
        }
    }

    public func insertEventDelivery(_ delivery: EventDelivery) throws {
        try access {
            try $0.eventDeliveries.insertNew(delivery, at: delivery.id, conflict: "delivery exists")
        }
    }

    public func eventDelivery(id: String) throws -> EventDelivery? { try access { $0.eventDeliveries[id] } }

    public func eventDeliveries(endpointID: String, limit: Int) throws -> [EventDelivery] {
        try access { state in
            Array(state.eventDeliveries.values.filter { $0.endpointID == endpointID }
                .sorted { ($1.createdAt, $0.id) < ($0.createdAt, $1.id) }.prefix(limit))
        }
    }

    public func dueEventDeliveries(at time: Date, limit: Int) throws -> [EventDelivery] {
        try access { state in
            Array(state.eventDeliveries.values
                .filter { ($0.status == .pending || $0.status == .sending) && $0.nextAttemptAt <= time }
                .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.prefix(limit))
        }
    }

    public func updateEventDelivery(_ delivery: EventDelivery, ifUnchangedFrom expected: EventDelivery) throws -> Bool {
        try access {
            $0.eventDeliveries.replace(delivery, at: delivery.id) {
                $0.status == expected.status && $0.attempts == expected.attempts
            }
        }
    }

    public func eventDeliveryCounts() throws -> [EventDeliveryCount] {
        try access { state in
            let groups = Dictionary(grouping: state.eventDeliveries.values) { "\($0.endpointID)\u{0}\($0.status.rawValue)" }
            return groups.values.map { group in
                EventDeliveryCount(endpointID: group[0].endpointID, status: group[0].status, count: group.count,
                                   oldest: group.map(\.createdAt).min() ?? group[0].createdAt)
            }.sorted { ($0.endpointID, $0.status.rawValue) < ($1.endpointID, $1.status.rawValue) }
        }
    }
}
