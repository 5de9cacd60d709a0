import Foundation
import OAuthCore

/// Webhook endpoints and the event outbox (Sources/OAuthCore/Storage/EventOutboxStore.swift); tables of migration 19.
extension SQLStorage {
    static var endpointColumns: String { "id, url, events, description, sealed_secret, created_at" }
    static var deliveryColumns: String {
        """
        id, kind, endpoint_id, url, event_type, account_id, body, status, attempts, last_status_code, next_attempt_at,
        created_at, delivered_at
        """
    }

    public func insertWebhookEndpoint(_ endpoint: WebhookEndpoint) throws {
        try insertRow(
            into: "webhook_endpoints", Self.endpointColumns,
            [.text(endpoint.id), .text(endpoint.url), try .strings(endpoint.events), .text(endpoint.description),
             .bytes(endpoint.sealedSecret), .date(endpoint.createdAt)])
    }

    public func webhookEndpoint(id: String) throws -> WebhookEndpoint? {
        try access {
            try $0.query("SELECT \(Self.endpointColumns) FROM webhook_endpoints WHERE id = $1", [.text(id)]) {
                try $0.webhookEndpoint()
            }
        }.first
    }

    public func listWebhookEndpoints() throws -> [WebhookEndpoint] {
        try access {
            try $0.query("SELECT \(Self.endpointColumns) FROM webhook_endpoints ORDER BY created_at, id") {
                try $0.webhookEndpoint()
            }
        }
    }

    public func deleteWebhookEndpoint(id: String) throws -> Bool {
        try atomic { db in
            _ = try db.run("DELETE FROM event_outbox WHERE endpoint_id = $1 AND kind = 'webhook'", [.text(id)])
            return try db.run("DELETE FROM webhook_endpoints WHERE id = $1", [.text(id)]) > 0
        }
    }

    public func insertEventDelivery(_ delivery: EventDelivery) throws {
        try access {
            try $0.insert(
                """
                INSERT INTO event_outbox (\(Self.deliveryColumns))
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                """, Self.values(delivery))
        }
    }

    public func eventDelivery(id: String) throws -> EventDelivery? {
        try access {
            try $0.query("SELECT \(Self.deliveryColumns) FROM event_outbox WHERE id = $1", [.text(id)]) {
                try $0.eventDelivery()
            }
        }.first
    }

    public func eventDeliveries(endpointID: String, limit: Int) throws -> [EventDelivery] {
        try access {
            try $0.query(
                "SELECT \(Self.deliveryColumns) FROM event_outbox WHERE endpoint_id = $1 ORDER BY created_at DESC, id LIMIT $2",
                [.text(endpointID), .int(limit)]) { try $0.eventDelivery() }
        }
    }

    public func dueEventDeliveries(at time: Date, limit: Int) throws -> [EventDelivery] {
        try access {
            try $0.query(
                """
                SELECT \(Self.deliveryColumns) FROM event_outbox
                WHERE status IN ('pending', 'sending') AND next_attempt_at <= $1 ORDER BY created_at, id LIMIT $2
                """, [.date(time), .int(limit)]) { try $0.eventDelivery() }
        }
    }

    public func updateEventDelivery(_ delivery: EventDelivery, ifUnchangedFrom expected: EventDelivery) throws -> Bool {
        try access {
            try $0.run(
                """
                UPDATE event_outbox SET kind = $2, endpoint_id = $3, url = $4, event_type = $5, account_id = $6, body = $7,
                status = $8, attempts = $9, last_status_code = $10, next_attempt_at = $11, created_at = $12,
                delivered_at = $13
                WHERE id = $1 AND status = $14 AND attempts = $15
                """, Self.values(delivery) + [.text(expected.status.rawValue), .int(expected.attempts)]) == 1
        }
    }

    public func eventDeliveryCounts() throws -> [EventDeliveryCount] {
        try access {
            try $0.query(
                """
                SELECT endpoint_id, status, COUNT(*), MIN(created_at) FROM event_outbox
                GROUP BY endpoint_id, status ORDER BY endpoint_id, status
                """
            ) {
                EventDeliveryCount(endpointID: try $0.text(0), status: try $0.raw(1, as: EventDelivery.Status.self),
                                   count: try $0.int(2), oldest: try $0.date(3))
            }
        }
    }

    static func values(_ d: EventDelivery) -> [SQLValue] {
        [
            .text(d.id), .text(d.kind.rawValue), .text(d.endpointID), .text(d.url), .text(d.eventType), .text(d.accountID),
            .text(d.body), .text(d.status.rawValue), .int(d.attempts), .optionalInt(d.lastStatusCode),
            .date(d.nextAttemptAt), .date(d.createdAt), .optionalDate(d.deliveredAt),
        ]
    }
}

extension SQLRow {
    func webhookEndpoint() throws -> WebhookEndpoint {
        WebhookEndpoint(id: try text(0), url: try text(1), events: try strings(2), description: try text(3),
                        sealedSecret: try bytes(4), createdAt: try date(5))
    }

    func eventDelivery() throws -> EventDelivery {
        EventDelivery(
            id: try text(0), kind: try raw(1, as: EventDelivery.Kind.self), endpointID: try text(2), url: try text(3),
            eventType: try text(4), accountID: try text(5), body: try text(6),
            status: try raw(7, as: EventDelivery.Status.self), attempts: try int(8), lastStatusCode: try optionalInt(9),
            nextAttemptAt: try date(10), createdAt: try date(11), deliveredAt: try optionalDate(12))
    }
}
