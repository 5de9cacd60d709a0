import HTTPServer
import OAuthCore
import Operations
import Support

/// `GET /healthz`, `GET /metrics` (unless it is served on the admin listener) and `GET /jwks.json`.
struct HealthRoutes: RouteGroup {
    let storage: any HealthProbe
    let keyRing: SigningKeyRing
    let logger: Logger
    let metrics: Metrics
    /// False with `ACCOUNTLINK_METRICS_ON_ADMIN`: `/metrics` is the admin listener's.
    let servesMetrics: Bool

    func add(to router: inout Router) {
        router.add("GET", "/healthz") { [self] in await healthz($0) }
        if servesMetrics { router.add("GET", "/metrics") { [self] in metricsPage($0) } }
        router.add("GET", "/jwks.json") { [self] in jwks($0) }
    }

    /// `GET /healthz`: 200 when the process can serve and reach its database, else 503.
    func healthz(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try await storage.readPing()
            return .json(200, raw: #"{"status":"ok"}"#).adding("Cache-Control", "no-store")
        } catch {
            logger.error("health check failed", ["error": "\(error)"])
            return .json(503, raw: #"{"status":"unavailable","reason":"database"}"#).adding("Cache-Control", "no-store")
        }
    }

    func metricsPage(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                     body: Array(metrics.render().utf8))
    }

    /// `GET /jwks.json`: our published public keys (OIDC Discovery `jwks_uri`).
    func jwks(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/jwk-set+json",
                                                       "Cache-Control": "public, max-age=300"],
                                body: Array(try keyRing.publicJWKS().utf8))
        } catch {
            logger.error("cannot load signing keys", ["error": "\(error)"])
            return .json(503, raw: #"{"error":"temporarily_unavailable"}"#)
        }
    }
}
