import Foundation
import HTTPServer
import OAuthCore
import Support
import Synchronization

/// CORS (Fetch Standard §3.2) for what a browser-only app calls: the token, UserInfo and revocation
/// endpoints, discovery and the published keys. An origin is allowed when a registered client lists it
/// (`client add … --web-origin`, admin field `web_origins`), compared byte for byte; no credentials
/// (cookies) are ever allowed, the endpoints authenticate by client secret, PKCE or Bearer token.
struct CrossOriginMiddleware: HTTPMiddleware {
    static let paths: Set<String> = [
        "/token", "/userinfo", "/revoke", "/jwks.json", "/.well-known/openid-configuration",
        "/.well-known/oauth-authorization-server",
    ]

    let origins: WebOrigins

    func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse {
        guard Self.paths.contains(request.path), let origin = request.header("Origin") else {
            return await next.respond(to: request)
        }
        let allowed = await origins.allows(origin)
        if request.method == "OPTIONS" { return Self.preflight(origin, allowed: allowed) }
        var response = await next.respond(to: request)
        response.headers.add("Vary", "Origin")
        if allowed { response.headers.replaceOrAdd("Access-Control-Allow-Origin", origin) }
        return response
    }

    /// Fetch Standard §3.2.3: the preflight's answer names the origin, methods and headers allowed.
    static func preflight(_ origin: String, allowed: Bool) -> HTTPResponse {
        guard allowed else { return HTTPResponse.text(403, "This origin is not registered for any client.") }
        var response = HTTPResponse(status: 204)
        response.headers.add("Access-Control-Allow-Origin", origin)
        response.headers.add("Access-Control-Allow-Methods", "GET, POST")
        response.headers.add("Access-Control-Allow-Headers", "Authorization, Content-Type")
        response.headers.add("Access-Control-Max-Age", "600")
        response.headers.add("Vary", "Origin")
        return response
    }
}

/// Every client's web origins, read from the store at most once per `lifetime` (as the client cache:
/// `ACCOUNTLINK_CLIENT_CACHE_SECONDS`; a client registered elsewhere is seen within it).
final class WebOrigins: Sendable {
    private let environment: OAuthEnvironment
    private let lifetime: Duration
    private let cached = Mutex<(origins: Set<[UInt8]>, expires: ContinuousClock.Instant)?>(nil)

    init(environment: OAuthEnvironment, seconds: Int) {
        self.environment = environment
        lifetime = .seconds(max(0, seconds))
    }

    func allows(_ origin: String) async -> Bool {
        let now = ContinuousClock.now
        if let hit = cached.withLock({ $0 }), hit.expires > now { return hit.origins.contains(Array(origin.utf8)) }
        let clients = (try? await environment.blocking { try environment.storage.listClients() }) ?? []
        let origins = Set(clients.flatMap(\.webOrigins).map { Array($0.utf8) })
        cached.withLock { $0 = (origins, now + lifetime) }
        return origins.contains(Array(origin.utf8))
    }
}
