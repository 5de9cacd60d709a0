import Foundation
import OAuthCore
import StoreSQL
import Testing
@testable import StoreSQLite

/// Migration 14 (SQLMigrationSteps.refoldEmailKeys): accounts stored before it get their folded email
/// key; of two that already shared one (a fullwidth copy made before the fold), the older keeps it.
@Suite struct FoldedEmailMigrationTests {
    @Test func existingRowsGetTheirFoldedKeyAndTheOlderKeepsAShared() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("db.sqlite")
            do {
                let old = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
                try old.script("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
                for migration in SQLiteMigrations.all where migration.version < 14 {
                    try old.script(migration.sql)
                    try old.run("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)", [.int(migration.version)])
                }
                // The keys as they were stored before: NFC, lower case.
                try old.script("""
                    INSERT INTO accounts (id, status, email, email_lower, email_verified, created_at) VALUES
                        ('first', 'active', 'victim@example.com', 'victim@example.com', 1, 0),
                        ('copy', 'active', '\u{FF56}ictim@example.com', '\u{FF56}ictim@example.com', 0, 1),
                        ('other', 'active', 'stra\u{DF}e@example.com', 'stra\u{DF}e@example.com', 1, 2),
                        ('gone', 'deleted', NULL, NULL, 0, 3);
                    """)
            }
            let storage = try SQLiteStorage(path: path)
            try storage.migrate()
            #expect(try storage.account(email: "\u{FF36}ICTIM@example.com")?.id == "first")
            #expect(try storage.account(email: "STRASSE@example.com")?.id == "other")
            #expect(try storage.account(id: "copy")?.email == "\u{FF56}ictim@example.com", "kept, as typed")
            #expect(throws: StoreError.self) {
                try storage.insertAccount(Account(id: "new", email: "Victim@example.com", emailVerified: false,
                                                  displayName: nil, createdAt: Date(timeIntervalSince1970: 9)))
            }
        }
    }
}
