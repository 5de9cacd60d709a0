import Events
import Foundation
import HTTPServer
import OAuthCore
import Operations
import Support

/// `/admin/webhooks` (docs/webhooks.md; CONTRACT "Events"): endpoints with their subscribed event types,
/// the secret shown once at creation, each endpoint's deliveries, and a manual retry of a failed one.
extension AdminAPI {
    struct NewWebhook: AdminBody {
        let url: String
        let events: [String]
        var description: String?
        static let members: Set<String> = ["url", "events", "description"]
        static let shape = "a JSON object with url and events"
    }

    func webhooks(_ request: HTTPRequest, _ path: [String]) throws -> HTTPResponse {
        let storage = runtime.storage
        switch (request.method, path.count) {
        case ("GET", 0): return Self.ok(try storage.listWebhookEndpoints().map { WebhookView($0, secret: nil) })
        case ("POST", 0): return try addWebhook(request)
        case ("GET", 1): return Self.ok(WebhookView(try webhook(path[0]), secret: nil))
        case ("DELETE", 1):
            guard try WebhookRegistration.remove(id: path[0], runtime, actor: Self.actor) else {
                throw AdminFailure.notFound("webhook \(path[0])")
            }
            return .empty(204)
        case ("GET", 2) where path[1] == "deliveries":
            let endpoint = try webhook(path[0])
            return Self.ok(try storage.eventDeliveries(endpointID: endpoint.id, limit: 200).map(DeliveryView.init))
        case ("POST", 4) where path[1] == "deliveries" && path[3] == "retry":
            return try retryDelivery(endpointID: path[0], deliveryID: path[2])
        case (_, 0), (_, 1), (_, 2): throw AdminFailure(405, "method_not_allowed", "\(request.method) is not allowed here")
        default: throw AdminFailure.notFound("such webhook resource")
        }
    }

    func webhook(_ id: String) throws -> WebhookEndpoint {
        guard let endpoint = try runtime.storage.webhookEndpoint(id: id) else { throw AdminFailure.notFound("webhook \(id)") }
        return endpoint
    }

    func addWebhook(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.body(request, NewWebhook.self)
        do {
            let (endpoint, secret) = try WebhookRegistration(url: body.url, events: body.events,
                                                             description: body.description ?? "")
                .register(runtime, actor: Self.actor)
            return Self.ok(WebhookView(endpoint, secret: secret), status: 201)
        } catch let failure as WebhookRegistration.Failure {
            throw AdminFailure.invalid(failure.message)
        }
    }

    func retryDelivery(endpointID: String, deliveryID: String) throws -> HTTPResponse {
        do {
            return Self.ok(DeliveryView(try DeliveryRetry(storage: runtime.storage, clock: runtime.clock, random: runtime.random)
                .retry(deliveryID: deliveryID, endpointID: endpointID, by: Self.actor)))
        } catch DeliveryRetry.Failure.notFound {
            throw AdminFailure.notFound("delivery \(deliveryID) of webhook \(endpointID)")
        } catch DeliveryRetry.Failure.notFailed {
            throw AdminFailure(409, "conflict", "only a failed delivery can be retried")
        } catch DeliveryRetry.Failure.changed {
            throw AdminFailure(409, "conflict", "the delivery changed meanwhile")
        }
    }
}
