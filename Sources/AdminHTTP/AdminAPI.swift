import Foundation
import HTTPServer
import OAuthCore
import Operations
import Support

/// The admin API (docs/operations.md, Admin API): served only on `ACCOUNTLINK_ADMIN_LISTEN`, each request
/// with `Authorization: Bearer ACCOUNTLINK_ADMIN_TOKEN` (compared in constant time), JSON in and out.
/// Every change it makes is audited with `by admin-api`.
public struct AdminAPI: HTTPResponder {
    let runtime: Runtime
    let token: String
    let metrics: Metrics?

    /// `metrics`: when set, `/metrics` is served here instead of on the public listener.
    public init(runtime: Runtime, token: String, metrics: Metrics? = nil) {
        self.runtime = runtime
        self.token = token
        self.metrics = metrics
    }

    static let actor = "admin-api"

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        if request.path == "/metrics", request.method == "GET", let metrics {
            return .text(200, metrics.render()).adding("Content-Type", "text/plain; version=0.0.4")
        }
        guard authorized(request) else {
            return Self.error(401, "invalid_token", "Authorization: Bearer with the admin token is required")
                .adding("WWW-Authenticate", "Bearer realm=\"accountlink-admin\"")
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.first == "admin" else { return Self.error(404, "not_found", "no such admin resource") }
        do {
            return try await route(request, Array(parts.dropFirst()))
        } catch let failure as AdminFailure {
            return Self.error(failure.status, failure.code, failure.message)
        } catch {
            runtime.logger.error("admin request failed", ["http.path": request.path, "error": "\(error)"])
            return Self.error(500, "server_error", "the request could not be completed")
        }
    }

    /// RFC 6750 §2.1 Bearer; the comparison never short-circuits on the first differing byte.
    func authorized(_ request: HTTPRequest) -> Bool {
        guard let presented = TokenService.bearerToken(fromAuthorization: request.header("Authorization")) else { return false }
        return ConstantTime.equals(Array(presented.utf8), Array(token.utf8))
    }

    func route(_ request: HTTPRequest, _ path: [String]) async throws -> HTTPResponse {
        switch (request.method, path.count, path.first) {
        case ("GET", 1, "openapi.json"): return .json(200, raw: AdminOpenAPI.document)
        case (_, _, "clients"): return try clients(request, Array(path.dropFirst()))
        case (_, _, "users"): return try await users(request, Array(path.dropFirst()))
        case (_, _, "scopes"): return try scopes(request, Array(path.dropFirst()))
        case ("DELETE", 2, "grants"): return try revokeGrant(path[1])
        case (_, _, "webhooks"): return try webhooks(request, Array(path.dropFirst()))
        case ("GET", 1, "audit"): return try audit(request)
        case (_, _, "openapi.json"), (_, _, "grants"), (_, _, "audit"):
            throw AdminFailure(405, "method_not_allowed", "\(request.method) is not allowed here")
        default: throw AdminFailure(404, "not_found", "no such admin resource")
        }
    }

    static func error(_ status: Int, _ code: String, _ description: String) -> HTTPResponse {
        .json(status, ["error": code, "error_description": description]).adding("Cache-Control", "no-store")
    }

    static func ok(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        .json(status, value).adding("Cache-Control", "no-store")
    }
}

/// An admin request that cannot be served, with its HTTP status and error code.
struct AdminFailure: Error {
    let status: Int
    let code: String
    let message: String

    init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func notFound(_ what: String) -> AdminFailure { AdminFailure(404, "not_found", "no \(what)") }
    static func invalid(_ text: String) -> AdminFailure { AdminFailure(400, "invalid_request", text) }
}
