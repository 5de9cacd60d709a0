import Foundation
import OAuthCore
import Support
import Synchronization

/// Request counters, latency histograms, security-event counters and gauges in the Prometheus text
/// format (`GET /metrics`), fed by the server's MetricsMiddleware and gauges. Routes are the templates
/// the router knows, so label cardinality stays bounded.
public final class Metrics: Sendable {
    private struct Key: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    /// Upper bounds of the duration histogram, in seconds (Prometheus client defaults).
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private let counts = Mutex<[Key: (count: Int, seconds: Double)]>([:])
    private let histograms = Mutex<[HistogramKey: Histogram]>([:])
    private let known: Set<String>
    private let events = Mutex<[String: Int]>([:])
    private let security = Mutex<[String: Int]>([:])
    private let gauges = Mutex<[String: @Sendable () -> Double?]>([:])
    private let families = Mutex<[String: @Sendable () -> [(labels: String, value: Double)]?]>([:])

    public init(knownPaths: Set<String>) { known = knownPaths }

    /// The route label for a path: a known route, else "other".
    public func route(_ path: String) -> String { known.contains(path) ? path : "other" }

    public func record(method: String, route: String, status: Int, seconds: Double) {
        let key = Key(method: method, route: route, status: status)
        counts.withLock { table in
            let old = table[key] ?? (0, 0)
            table[key] = (old.count + 1, old.seconds + seconds)
        }
        let histogramKey = HistogramKey(route: route, statusClass: "\(status / 100)xx")
        histograms.withLock { $0[histogramKey, default: Histogram()].observe(seconds, Self.buckets) }
    }

    /// Counts a domain event (`token_issued`, `login_failed`, …).
    public func count(_ event: String) { events.withLock { $0[event, default: 0] += 1 } }

    /// Counts a security event by kind (`login_failed`, `login_throttled`, `token_refused`, …).
    public func countSecurityEvent(_ kind: String) { security.withLock { $0[kind, default: 0] += 1 } }

    /// A gauge read at each scrape; a nil reading leaves the sample out.
    public func gauge(_ name: String, _ read: @escaping @Sendable () -> Double?) {
        gauges.withLock { $0[name] = read }
    }

    /// A labelled gauge family whose series are known only at the scrape (one per webhook endpoint):
    /// `read` answers each series' labels (`endpoint="…",status="…"`) and value; nil leaves the family out.
    public func gaugeFamily(_ family: String, _ read: @escaping @Sendable () -> [(labels: String, value: Double)]?) {
        families.withLock { $0[family] = read }
    }

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
        lines += renderHistograms()
        lines += ["# HELP accountlink_events_total Security and lifecycle events.", "# TYPE accountlink_events_total counter"]
        for (event, count) in events.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            lines.append("accountlink_events_total{event=\"\(event)\"} \(count)")
        }
        lines += ["# HELP accountlink_security_events_total Security events by kind.",
                  "# TYPE accountlink_security_events_total counter"]
        for (kind, count) in security.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            lines.append("accountlink_security_events_total{kind=\"\(kind)\"} \(count)")
        }
        var typed = Set<Substring>()
        for (name, read) in gauges.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            guard let value = read() else { continue }
            // A labelled gauge (`name{label="…"}`) gets one TYPE line for its family.
            let family = name.prefix { $0 != "{" }
            if typed.insert(family).inserted { lines.append("# TYPE \(family) gauge") }
            lines.append("\(name) \(Self.number(value))")
        }
        for (family, read) in families.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            guard let series = read() else { continue }
            lines.append("# TYPE \(family) gauge")
            lines += series.map { "\(family){\($0.labels)} \(Self.number($0.value))" }
        }
        lines += ProcessMetrics.lines()
        return lines.joined(separator: "\n") + "\n"
    }

    private func renderHistograms() -> [String] {
        var lines = ["# HELP accountlink_http_request_duration_seconds Time to answer, by route and status class.",
                     "# TYPE accountlink_http_request_duration_seconds histogram"]
        for (key, histogram) in histograms.withLock({ $0 }).sorted(by: { "\($0.key)" < "\($1.key)" }) {
            let labels = "route=\"\(key.route)\",status_class=\"\(key.statusClass)\""
            for (index, bound) in Self.buckets.enumerated() {
                lines.append("accountlink_http_request_duration_seconds_bucket{\(labels),le=\"\(Self.number(bound))\"} \(histogram.cumulative[index])")
            }
            lines.append("accountlink_http_request_duration_seconds_bucket{\(labels),le=\"+Inf\"} \(histogram.count)")
            lines.append("accountlink_http_request_duration_seconds_sum{\(labels)} \(String(format: "%.6f", histogram.sum))")
            lines.append("accountlink_http_request_duration_seconds_count{\(labels)} \(histogram.count)")
        }
        return lines
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

private struct HistogramKey: Hashable {
    let route: String
    let statusClass: String
}

/// Cumulative bucket counts (each bucket counts every observation at or below its bound).
private struct Histogram {
    var cumulative = [Int](repeating: 0, count: Metrics.buckets.count)
    var count = 0
    var sum = 0.0

    mutating func observe(_ seconds: Double, _ bounds: [Double]) {
        for (index, bound) in bounds.enumerated() where seconds <= bound { cumulative[index] += 1 }
        count += 1
        sum += seconds
    }
}

/// Counts every `security event` log record by its `event` field, whatever the log level.
public struct SecurityEventCounter: LogSink {
    let metrics: Metrics

    public init(metrics: Metrics) { self.metrics = metrics }

    public func write(_ record: LogRecord) {
        guard record.message == SecurityEvent.message, let kind = record.fields["event"] else { return }
        metrics.countSecurityEvent(kind)
    }
}
