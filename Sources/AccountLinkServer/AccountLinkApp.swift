import Foundation
import HTTPServer
import OAuthCore
import Support

/// Wiring: routes → endpoints, cookies, CSRF, security headers. The protocol logic lives in
/// OAuthCore and Identity; this type only translates between HTTP and those values.
public final class AccountLinkApp: Sendable {
    public let runtime: Runtime
    public let metrics: Metrics

    public init(runtime: Runtime) {
        self.runtime = runtime
        metrics = Metrics(knownPaths: Self.paths)
    }

    static let paths: Set<String> = [
        "/healthz", "/metrics", "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server",
        "/authorize", "/token", "/revoke", "/introspect", "/userinfo", "/jwks.json", "/app-flip/authorize",
        "/apple/notifications", "/login", "/logout", "/account", "/account/delete",
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json",
    ]

    public func responder() -> any HTTPResponder {
        var router = Router()
        router.add("GET", "/healthz") { [self] in healthz($0) }
        router.add("GET", "/metrics") { [self] in metricsPage($0) }
        router.add("GET", "/jwks.json") { [self] in jwks($0) }
        return MiddlewareChain([MetricsMiddleware(metrics: metrics)], responder: router)
    }
}
