import Foundation
import HTTPServer
import Operations

/// Times and counts every answer by the route template (Operations' Metrics keeps the figures).
struct MetricsMiddleware: HTTPMiddleware {
    let metrics: Metrics
    /// "public" or "admin": the admin listener's requests are one route, `admin`.
    var listener = "public"

    func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse {
        let start = DispatchTime.now().uptimeNanoseconds
        var response = await next.respond(to: request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let route = listener == "admin" ? "admin" : metrics.route(request.path)
        metrics.record(method: request.method, route: route, status: response.status, seconds: seconds)
        response.route = route
        return response
    }
}
