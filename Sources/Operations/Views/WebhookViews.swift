import OAuthCore
import Support

/// An endpoint as the admin API and `webhook list --json` show it; `secret` only in the answer that made it.
public struct WebhookView: Encodable, Sendable {
    public let id: String
    public let url: String
    public let events: [String]
    public let description: String
    public let created_at: String
    public let secret: String?

    public init(_ endpoint: WebhookEndpoint, secret: String?) {
        id = endpoint.id
        url = endpoint.url
        events = endpoint.events
        description = endpoint.description
        created_at = RFC3339.string(endpoint.createdAt)
        self.secret = secret
    }
}

/// One delivery (CONTRACT "Events": `id`, `event`, `status`, `attempts`, `last_status_code`, `next_attempt_at`).
public struct DeliveryView: Encodable, Sendable {
    public let id: String
    public let event: String
    public let status: String
    public let attempts: Int
    public let last_status_code: Int?
    public let next_attempt_at: String?
    public let created_at: String

    public init(_ delivery: EventDelivery) {
        id = delivery.id
        event = delivery.eventType
        // A claim in flight is still pending to the reader.
        status = delivery.status == .sending ? "pending" : delivery.status.rawValue
        attempts = delivery.attempts
        last_status_code = delivery.lastStatusCode
        next_attempt_at = delivery.status == .delivered || delivery.status == .failed
            ? nil : RFC3339.string(delivery.nextAttemptAt)
        created_at = RFC3339.string(delivery.createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(event, forKey: .event)
        try container.encode(status, forKey: .status)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(last_status_code, forKey: .last_status_code)
        try container.encode(next_attempt_at, forKey: .next_attempt_at)
        try container.encode(created_at, forKey: .created_at)
    }

    enum Key: String, CodingKey { case id, event, status, attempts, last_status_code, next_attempt_at, created_at }
}
