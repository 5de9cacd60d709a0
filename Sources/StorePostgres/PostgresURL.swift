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
        if !pairs.contains(where: { $0.0 == "connect_timeout" }) { pairs.append(("connect_timeout", "5")) }
        return pairs.compactMap { key, value in
            guard let value, !value.isEmpty else { return nil }
            return "\(key)=\(quote(value))"
        }.joined(separator: " ")
    }

    /// libpq conninfo quoting: single quotes, with `\` and `'` escaped by a backslash.
    static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            + "'"
    }
}
