import Foundation
import HTTPServer
import OAuthCore
import Support

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
