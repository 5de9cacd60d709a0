import HTTPServer

extension AccountLinkApp {
    /// `GET /healthz`: 200 when the process can serve and reach its database, else 503.
    func healthz(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try await runtime.storage.readPing()
            return .json(200, raw: #"{"status":"ok"}"#).adding("Cache-Control", "no-store")
        } catch {
            runtime.logger.error("health check failed", ["error": "\(error)"])
            return .json(503, raw: #"{"status":"unavailable","reason":"database"}"#).adding("Cache-Control", "no-store")
        }
    }

    func metricsPage(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                     body: Array(metrics.render().utf8))
    }
}

extension AccountLinkApp {
    /// `GET /jwks.json`: our published public keys (OIDC Discovery `jwks_uri`).
    func jwks(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/jwk-set+json",
                                                       "Cache-Control": "public, max-age=300"],
                                body: Array(try runtime.keyRing.publicJWKS().utf8))
        } catch {
            runtime.logger.error("cannot load signing keys", ["error": "\(error)"])
            return .json(503, raw: #"{"error":"temporarily_unavailable"}"#)
        }
    }
}
