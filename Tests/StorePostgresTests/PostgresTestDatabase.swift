import Foundation
import OAuthCore

@testable import StorePostgres

/// The server the Postgres tests use: `ACCOUNTLINK_TEST_POSTGRES_URL` (scripts/test-postgres.sh sets
/// it). Each case gets its own schema, selected through `search_path`, dropped afterwards.
enum PostgresTestDatabase {
    static let environment = ProcessInfo.processInfo.environment

    struct NotConfigured: Error, CustomStringConvertible {
        let description = """
            ACCOUNTLINK_TEST_POSTGRES_URL is not set, so the PostgreSQL store cannot be tested. Run \
            `scripts/test-postgres.sh swift test --filter StorePostgresTests` (make test does).
            """
    }

    static func baseURL() throws -> String {
        guard let url = environment["ACCOUNTLINK_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw NotConfigured()
        }
        return url
    }

    /// The URL of a fresh, empty schema (for async tests); `dropSchema` removes it.
    static func freshSchemaURL() throws -> String {
        let base = try baseURL()
        let schema = "case_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        _ = try PostgresStorage(url: base, poolSize: 1).texts("CREATE SCHEMA \(schema)")
        return base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }

    static func dropSchema(_ url: String) {
        guard let base = try? baseURL(), let range = url.range(of: "search_path%3D") else { return }
        _ = try? PostgresStorage(url: base, poolSize: 1).texts("DROP SCHEMA \(url[range.upperBound...]) CASCADE")
    }

    /// Runs `body` with a store whose tables live in a fresh schema; the schema is dropped afterwards.
    static func withFreshSchema<T>(poolSize: Int = 8, _ body: (PostgresStorage, String) throws -> T) throws
        -> T
    {
        let base = try baseURL()
        let schema = "case_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresStorage(url: base, poolSize: 1)
        _ = try admin.texts("CREATE SCHEMA \(schema)")
        defer { _ = try? admin.texts("DROP SCHEMA \(schema) CASCADE") }
        let separator = base.contains("?") ? "&" : "?"
        let url = base + separator + "options=-csearch_path%3D\(schema)"
        return try body(try PostgresStorage(url: url, poolSize: poolSize), url)
    }
}
