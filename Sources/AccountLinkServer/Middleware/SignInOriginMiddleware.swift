import HTTPServer
import OAuthCore

/// Sets `SignInOrigin.current` for the request: the client address (after `ACCOUNTLINK_TRUSTED_PROXIES`)
/// and its `User-Agent`, which a session or an app sign-in started by this request keeps for the account
/// page (docs/accounts-and-email.md, "Sessions and app sign-ins"). Nothing is written here.
struct SignInOriginMiddleware: HTTPMiddleware {
    func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse {
        let origin = SignInOrigin(ipAddress: request.clientIP.isEmpty ? nil : request.clientIP,
                                  userAgent: request.header("User-Agent"))
        return await SignInOrigin.$current.withValue(origin) { await next.respond(to: request) }
    }
}
