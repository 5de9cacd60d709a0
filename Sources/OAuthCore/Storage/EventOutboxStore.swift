import Foundation
import Support

/// A URL of the maker's that receives signed events (docs/webhooks.md; Standard Webhooks,
/// https://www.standardwebhooks.com/). The secret is kept sealed with the master key (`sealedSecret`),
/// so the server can sign with it and a copy of the database cannot.
public struct WebhookEndpoint: Sendable, Equatable {
    public var id: String
    public var url: String
    /// Event types, or `*` for all.
    public var events: [String]
    public var description: String
    public var sealedSecret: [UInt8]
    public var createdAt: Date

    public init(id: String, url: String, events: [String], description: String = "", sealedSecret: [UInt8],
                createdAt: Date) {
        self.id = id
        self.url = url
        self.events = events
        self.description = description
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
    }

    /// True when the endpoint subscribed to `type` (byte comparison, or `*`).
    public func wants(_ type: String) -> Bool { events.contains { $0.sameBytes("*") || $0.sameBytes(type) } }
}

/// One event for one receiver, written in the transaction of the change that caused it. Its `id` is
/// the Standard Webhooks `webhook-id` (or the logout token's `jti`): the same on every attempt.
public struct EventDelivery: Sendable, Equatable {
    public enum Kind: String, Sendable { case webhook, backchannelLogout = "backchannel_logout" }
    public enum Status: String, Sendable { case pending, sending, delivered, failed }

    public var id: String
    public var kind: Kind
    /// The webhook endpoint's id, or the client's id for a back-channel logout.
    public var endpointID: String
    public var url: String
    public var eventType: String
    public var accountID: String
    /// The exact JSON body of a webhook (signed as is); empty for a logout (its token is signed when sent).
    public var body: String
    public var status: Status
    public var attempts: Int
    public var lastStatusCode: Int?
    public var nextAttemptAt: Date
    public var createdAt: Date
    public var deliveredAt: Date?

    public init(id: String, kind: Kind, endpointID: String, url: String, eventType: String, accountID: String,
                body: String, status: Status = .pending, attempts: Int = 0, lastStatusCode: Int? = nil,
                nextAttemptAt: Date, createdAt: Date, deliveredAt: Date? = nil) {
        self.id = id
        self.kind = kind
        self.endpointID = endpointID
        self.url = url
        self.eventType = eventType
        self.accountID = accountID
        self.body = body
        self.status = status
        self.attempts = attempts
        self.lastStatusCode = lastStatusCode
        self.nextAttemptAt = nextAttemptAt
        self.createdAt = createdAt
        self.deliveredAt = deliveredAt
    }
}

/// Webhook endpoints and the durable event outbox. Conformance: Sources/StoreConformance/Cases+Events.swift.
public protocol EventOutboxStore {
    /// Throws `.conflict` when the id exists.
    func insertWebhookEndpoint(_ endpoint: WebhookEndpoint) throws
    func webhookEndpoint(id: String) throws -> WebhookEndpoint?
    /// Oldest first.
    func listWebhookEndpoints() throws -> [WebhookEndpoint]
    /// Removes the endpoint and its deliveries. False when absent.
    func deleteWebhookEndpoint(id: String) throws -> Bool

    /// Throws `.conflict` when the id exists. Called inside the change's own transaction.
    func insertEventDelivery(_ delivery: EventDelivery) throws
    func eventDelivery(id: String) throws -> EventDelivery?
    /// The endpoint's (or client's) deliveries, newest first, at most `limit`.
    func eventDeliveries(endpointID: String, limit: Int) throws -> [EventDelivery]
    /// Deliveries `pending` or `sending` whose `nextAttemptAt` is at or before `time`, oldest first, at most `limit`.
    func dueEventDeliveries(at time: Date, limit: Int) throws -> [EventDelivery]
    /// Compare-and-set: replaces the stored delivery only while its status and attempts still equal
    /// `expected`'s. True for the one caller that did (how workers claim a delivery).
    func updateEventDelivery(_ delivery: EventDelivery, ifUnchangedFrom expected: EventDelivery) throws -> Bool
    /// How many deliveries each endpoint (or client) has in each status.
    func eventDeliveryCounts() throws -> [EventDeliveryCount]
}

public struct EventDeliveryCount: Sendable, Equatable {
    public var endpointID: String
    public var status: EventDelivery.Status
    public var count: Int
    /// The oldest `createdAt` among them (for "failing for an hour").
    public var oldest: Date

    public init(endpointID: String, status: EventDelivery.Status, count: Int, oldest: Date) {
        self.endpointID = endpointID
        self.status = status
        self.count = count
        self.oldest = oldest
    }
}
