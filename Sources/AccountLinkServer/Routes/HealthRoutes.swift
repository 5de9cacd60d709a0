import HTTPServer

extension AccountLinkApp {
    /// `GET /healthz`: 200 when the process can serve and reach its database, else 503.
    func healthz(_ request: HTTPRequest) -> HTTPResponse {
        do {
            try runtime.storage.ping()
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
