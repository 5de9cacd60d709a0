import Foundation
import OAuthCore
import Support

/// Adding a webhook endpoint, shared by `accountlink webhook add` and `POST /admin/webhooks` (one owner of
/// the rules): an absolute http(s) URL, event types of the contract's list or `*`, a new `whsec_` secret
/// stored sealed with the master key.
public struct WebhookRegistration: Sendable {
    public struct Failure: Error, Equatable {
        public let message: String
    }

    public var url: String
    public var events: [String]
    public var description: String

    public init(url: String, events: [String], description: String = "") {
        self.url = url
        self.events = events
        self.description = description
    }

    /// Validates, stores and audits the endpoint; returns it with its secret, shown once.
    public func register(_ context: some WebhookRegistrationContext, actor: String) throws -> (WebhookEndpoint, String) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
            parsed.host != nil
        else { throw Failure(message: "url must be an absolute http(s) URL, not \(url)") }
        guard !events.isEmpty else { throw Failure(message: "events must name at least one event type, or *") }
        let known = AccountEvent.Kind.allCases.map(\.rawValue) + ["*"]
        if let unknown = events.first(where: { !known.containsBytes($0) }) {
            throw Failure(message: "unknown event type \(unknown); known: \(known.joined(separator: ", "))")
        }
        let id = "we_" + context.random.token(byteCount: 12)
        let secret = WebhookSecret.generate(random: context.random)
        let sealed = try WebhookSecret(masterKey: context.masterKey).seal(secret, endpointID: id, random: context.random)
        let endpoint = WebhookEndpoint(id: id, url: url, events: events, description: description, sealedSecret: sealed,
                                       createdAt: context.clock.now())
        try context.store.insertWebhookEndpoint(endpoint)
        context.audit(.webhookAdded, accountID: nil, clientID: nil, detail: "\(id) by \(actor)")
        return (endpoint, secret)
    }

    /// Removes and audits the endpoint; false when there is none (`webhook remove`, `DELETE /admin/webhooks/{id}`).
    public static func remove(id: String, _ context: some WebhookRegistrationContext, actor: String) throws -> Bool {
        guard try context.store.deleteWebhookEndpoint(id: id) else { return false }
        context.audit(.webhookRemoved, accountID: nil, clientID: nil, detail: "\(id) by \(actor)")
        return true
    }
}

/// What adding a webhook endpoint needs: the store, randomness and clock, and the master key that seals
/// its secret (WebhookSecret), and the audit trail. Operations' `Runtime` is one.
public protocol WebhookRegistrationContext: Sendable {
    /// Composes: where the runtime hands its whole store to the registrations (docs/architecture.md rule 6).
    var store: any Storage { get }
    var clock: any Clock { get }
    var random: any RandomSource { get }
    var masterKey: [UInt8] { get }
    /// Records something for the operator; a failure to audit never fails the action itself.
    func audit(_ kind: AuditKind, accountID: String?, clientID: String?, detail: String)
}
