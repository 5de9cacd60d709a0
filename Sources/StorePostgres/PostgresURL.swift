import Foundation
import OAuthCore

/// `postgres://user:pass@host:port/db?key=value` turned into a libpq keyword/value string. Query items
/// pass through as libpq keywords (`sslmode`, `connect_timeout`, `options`, …); user and password are
/// percent-decoded, and every value is quoted, so no character in them can inject a keyword.
enum PostgresURL {
    static func conninfo(_ url: String) throws -> String {
        guard let parts = URLComponents(string: url),
            parts.scheme == "postgres" || parts.scheme == "postgresql"
        else {
            throw StoreError.unavailable("database URL must look like postgres://user:pass@host:port/db")
        }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        var pairs: [(String, String?)] = [
            ("host", parts.host), ("port", parts.port.map(String.init)), ("user", parts.user),
            ("password", parts.password), ("dbname", database.removingPercentEncoding ?? database),
        ]
        for item in parts.queryItems ?? [] { pairs.append((item.name, item.value)) }
        for (key, value) in defaults where !pairs.contains(where: { $0.0 == key }) { pairs.append((key, value)) }
        return pairs.compactMap { key, value in
            guard let value, !value.isEmpty else { return nil }
            return "\(key)=\(quote(value))"
        }.joined(separator: " ")
    }

    /// libpq keywords set unless the URL gives them (PostgreSQL docs §34.1.2). Without them a database host
    /// that vanishes without closing the connection (a partition, a power cut) holds every query in flight,
    /// the reader's included, for as long as the operating system's TCP defaults allow (hours): here a
    /// connection that has not answered keepalive probes for 30 + 3 × 10 s, or left sent data unacknowledged
    /// for 30 s, is closed and its queries fail (`.unavailable`, the reader's once sent again). libpq ignores
    /// these for a Unix-domain socket.
    static let defaults: [(String, String)] = [
        ("connect_timeout", "5"), ("keepalives_idle", "30"), ("keepalives_interval", "10"),
        ("keepalives_count", "3"), ("tcp_user_timeout", "30000"),
    ]

    /// libpq conninfo quoting: single quotes, with `\` and `'` escaped by a backslash.
    static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            + "'"
    }
}
