import OAuthCore
import StoreConformance
import Testing

@testable import StorePostgres

/// The shared storage suite against a real PostgreSQL server, one fresh schema per case.
@Suite
struct PostgresConformanceTests {
    @Test(arguments: StoreConformance.cases.map(\.name))
    func conformance(_ name: String) throws {
        try PostgresTestDatabase.withFreshSchema { storage, _ in
            try storage.migrate()
            try StoreConformance.run(name, on: storage)
        }
    }
}

/// What only the PostgreSQL backend promises.
@Suite
struct PostgresStorageTests {
    @Test func migrateIsIdempotentAndRecordedOnce() throws {
        try PostgresTestDatabase.withFreshSchema { storage, url in
            try storage.migrate()
            #expect(try storage.recordNotification(jti: "kept", at: .init(timeIntervalSince1970: 0)))
            try storage.migrate()
            try PostgresStorage(url: url, poolSize: 1).migrate()
            #expect(try storage.texts("SELECT version FROM schema_migrations ORDER BY version") == ["1", "2"])
            #expect(try !storage.recordNotification(jti: "kept", at: .init(timeIntervalSince1970: 0)))
        }
    }

    @Test func concurrentMigrationsApplyOnce() throws {
        try PostgresTestDatabase.withFreshSchema { storage, url in
            let others = try (0..<3).map { _ in try PostgresStorage(url: url, poolSize: 1) }
            try StoreConformanceRace.all(others.map { other in { try other.migrate() } })
            #expect(try storage.texts("SELECT version FROM schema_migrations ORDER BY version") == ["1", "2"])
        }
    }

    @Test func poolIsSharedByParallelCallers() throws {
        try PostgresTestDatabase.withFreshSchema(poolSize: 2) { storage, _ in
            try storage.migrate()
            try StoreConformanceRace.all(
                (0..<8).map { i in { _ = try storage.recordNotification(jti: "j\(i)", at: .now) } })
            #expect(try storage.texts("SELECT count(*) FROM notification_receipts") == ["8"])
        }
    }
}
