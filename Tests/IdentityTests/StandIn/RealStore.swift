import Foundation
import OAuthCore
import StoreSQLite
import Testing

@testable import StorePostgres

/// A real store for a suite that must hold on both backends: SQLite in a temporary folder, or PostgreSQL in a
/// fresh schema of the server `ACCOUNTLINK_TEST_POSTGRES_URL` names (scripts/test-postgres.sh sets it; `make
/// test` runs every suite through it, as Tests/StorePostgresTests/PostgresTestDatabase.swift does). Without the
/// URL the PostgreSQL case fails: it never skips. Migrated; removed (folder or schema) when released.
final class RealStore: Sendable {
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    struct PostgresNotConfigured: Error, CustomStringConvertible {
        let description = """
            ACCOUNTLINK_TEST_POSTGRES_URL is not set, so this suite cannot run on PostgreSQL. Run \
            `scripts/test-postgres.sh swift test --filter InboundOnceTests` (make test does).
            """
    }

    let storage: any Storage
    private let remove: @Sendable () -> Void

    init(_ backend: Backend) throws {
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sqlite = try SQLiteStorage(path: folder.appendingPathComponent("db.sqlite").path)
            try sqlite.migrate()
            storage = sqlite
            remove = { try? FileManager.default.removeItem(at: folder) }
        case .postgres:
            guard let base = ProcessInfo.processInfo.environment["ACCOUNTLINK_TEST_POSTGRES_URL"], !base.isEmpty else {
                throw PostgresNotConfigured()
            }
            let schema = "case_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try PostgresStorage(url: base, poolSize: 1)
            _ = try admin.texts("CREATE SCHEMA \(schema)")
            let postgres = try PostgresStorage(
                url: base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)", poolSize: 4)
            try postgres.migrate()
            storage = postgres
            remove = { _ = try? admin.texts("DROP SCHEMA \(schema) CASCADE") }
        }
    }

    deinit { remove() }
}
