import Foundation
import HTTPServer
import Synchronization

/// Request counters and latency totals in the Prometheus text format (`GET /metrics`).
/// Paths are the route templates the router knows, so label cardinality stays bounded.
public final class Metrics: Sendable {
    private struct Key: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    private let counts = Mutex<[Key: (count: Int, seconds: Double)]>([:])
    private let known: Set<String>
    private let events = Mutex<[String: Int]>([:])

    public init(knownPaths: Set<String>) { known = knownPaths }

    func record(method: String, path: String, status: Int, seconds: Double) {
        let key = Key(method: method, route: known.contains(path) ? path : "other", status: status)
        counts.withLock { table in
            let old = table[key] ?? (0, 0)
            table[key] = (old.count + 1, old.seconds + seconds)
        }
    }

    /// Counts a domain event (`token_issued`, `login_failed`, …).
    public func count(_ event: String) { events.withLock { $0[event, default: 0] += 1 } }

    public func render() -> String {
        var lines = ["# HELP accountlink_http_requests_total HTTP requests answered.",
                     "# TYPE accountlink_http_requests_total counter"]
        let snapshot = counts.withLock { $0 }.sorted { "\($0.key)" < "\($1.key)" }
        for (key, value) in snapshot {
            lines.append("accountlink_http_requests_total{method=\"\(key.method)\",route=\"\(key.route)\",status=\"\(key.status)\"} \(value.count)")
        }
        lines += ["# HELP accountlink_http_request_seconds_sum Time spent answering, by route.",
                  "# TYPE accountlink_http_request_seconds_sum counter"]
        for (key, value) in snapshot {
            lines.append("accountlink_http_request_seconds_sum{method=\"\(key.method)\",route=\"\(key.route)\",status=\"\(key.status)\"} \(String(format: "%.6f", value.seconds))")
        }
        lines += ["# HELP accountlink_events_total Security and lifecycle events.", "# TYPE accountlink_events_total counter"]
        for (event, count) in events.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            lines.append("accountlink_events_total{event=\"\(event)\"} \(count)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

struct MetricsMiddleware: HTTPMiddleware {
    let metrics: Metrics

    func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse {
        let start = DispatchTime.now().uptimeNanoseconds
        let response = await next.respond(to: request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        metrics.record(method: request.method, path: request.path, status: response.status, seconds: seconds)
        return response
    }
}
