import Foundation
import OAuthCore
import StoreSQL
import Testing

@testable import StoreSQLite

/// What only the SQLite backend promises: its file, its pragmas, its migrations, its error mapping.
@Suite struct SQLiteStorageTests {
    let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func migrationsAreRecordedOnceAndIdempotent() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            try storage.insertAccount(account("kept"))
            try storage.migrate()
            try SQLiteStorage(path: folder.path("db.sqlite")).migrate()
            #expect(try storage.texts("SELECT version FROM schema_migrations ORDER BY version")
                == SQLiteMigrations.all.map(\.version).sorted().map(String.init))
            #expect(try storage.account(id: "kept") != nil)
        }
    }

    /// Every periodic purge statement finds its rows by index, never by scanning a table: at a million
    /// tokens a scan held the writer for 150 ms a statement (migration 11). The statements as
    /// SQLStorage+Tokens.swift and SQLStorage+RefreshHistory.swift send them.
    @Test(arguments: [
        "DELETE FROM authorization_codes WHERE expires_at < $1",
        "DELETE FROM tokens WHERE expires_at IS NOT NULL AND expires_at < $1",
        "DELETE FROM sessions WHERE expires_at < $1",
        "DELETE FROM interactions WHERE expires_at < $1",
        "DELETE FROM tokens WHERE rotated_at IS NOT NULL AND rotated_at < $1",
        "DELETE FROM tokens WHERE revoked_at IS NOT NULL AND revoked_at < $1",
        "DELETE FROM refresh_lineage WHERE created_at < $1",
    ])
    func purgesFindTheirRowsByIndex(statement: String) throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            let plan = try storage.texts("EXPLAIN QUERY PLAN " + statement.replacingOccurrences(of: "$1", with: "0"), column: 3)
            #expect(plan.contains { $0.hasPrefix("SEARCH ") && $0.contains(" INDEX ") }, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN ") }, "\(plan)")
        }
    }

    /// Google's `token-revoked` finds its candidates by index (migration 12), never by scanning the table
    /// of stored provider tokens: the statement SQLStorage+Signals.swift sends, for each key.
    @Test(arguments: [("prefix_key", ThirdPartyToken.LookupKey.prefix("k")), ("hash_key", .hash("k"))])
    func providerTokenLookupsUseIndexes(column: String, key: ThirdPartyToken.LookupKey) throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            let statement = thirdPartyTokenLookupSQL(key).replacingOccurrences(of: "$1", with: "'google'")
                .replacingOccurrences(of: "$2", with: "'k'")
            let plan = try storage.texts("EXPLAIN QUERY PLAN " + statement, column: 3)
            // Each part by its own index: the provider's index alone would read every Google token.
            #expect(plan.contains { $0.hasPrefix("SEARCH third_party_tokens USING INDEX third_party_tokens_\(column) ") }, "\(plan)")
            #expect(plan.contains { $0.hasPrefix("SEARCH third_party_tokens USING ") && $0.contains("third_party_tokens_unkeyed") },
                    "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN ") }, "\(plan)")
        }
    }

    /// A database from before migration 12 keeps its stored provider tokens: they read back without
    /// lookup keys, and every lookup offers them as candidates until they are saved with keys.
    @Test func providerTokensStoredBeforeLookupKeysStayFindable() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("db.sqlite")
            do {
                let old = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1000)
                try old.script("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
                for migration in SQLiteMigrations.all where migration.version < 12 {
                    try old.script(migration.sql)
                    try old.run("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)", [.int(migration.version)])
                }
                try old.script("""
                    INSERT INTO accounts (id, status, email_verified, created_at) VALUES ('a', 'active', 0, 0);
                    INSERT INTO identities (id, account_id, provider, subject, email_verified, is_private_email,
                        email_reachable, first_sign_in_at, last_sign_in_at) VALUES ('i', 'a', 'google', 'g', 0, 0, 0, 0, 0);
                    INSERT INTO third_party_tokens (identity_id, account_id, provider, encrypted_refresh_token, created_at)
                        VALUES ('i', 'a', 'google', x'0102', 0);
                    """)
            }
            let storage = try SQLiteStorage(path: path)
            try storage.migrate()
            let stored = try #require(try storage.thirdPartyTokens(accountID: "a").first)
            #expect(stored.encryptedRefreshToken == [1, 2] && stored.lookupKeys == nil)
            #expect(try storage.thirdPartyTokens(provider: .google, key: .hash("any")) == [stored])
            var keyed = stored
            keyed.lookupKeys = ThirdPartyToken.LookupKeys(prefix: "p", hash: "h")
            try storage.saveThirdPartyToken(keyed)
            #expect(try storage.thirdPartyTokens(provider: .google, key: .hash("any")).isEmpty)
            #expect(try storage.thirdPartyTokens(provider: .google, key: .hash("h")) == [keyed])
        }
    }

    @Test func pragmasAreSet() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            #expect(try storage.texts("PRAGMA journal_mode") == ["wal"])
            #expect(try storage.texts("PRAGMA foreign_keys") == ["1"])
            #expect(try storage.texts("PRAGMA synchronous") == ["1"])  // NORMAL
        }
    }

    @Test func reopenedFileKeepsData() throws {
        try TemporaryFolder.with { folder in
            do {
                let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
                try storage.migrate()
                try storage.insertAccount(account("a"))
            }
            #expect(FileManager.default.fileExists(atPath: folder.path("db.sqlite")))
            let reopened = try SQLiteStorage(path: folder.path("db.sqlite"))
            try reopened.migrate()
            #expect(try reopened.account(id: "a") == account("a"))
        }
    }

    @Test func tokenIsStoredOnlyAsTheGivenHash() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            try storage.insertAccount(account("a"))
            try storage.insertGrant(
                Grant(id: "g", accountID: "a", clientID: "c", scope: ["openid"], createdAt: epoch))
            let hash = "sha256:3q2-7w"
            try storage.insertToken(
                TokenRecord(
                    hash: hash, kind: .access, grantID: "g", clientID: "c", accountID: "a",
                    scope: ["openid"], authTime: epoch, createdAt: epoch, expiresAt: nil))
            #expect(try storage.texts("SELECT hash FROM tokens") == [hash])
            #expect(
                try storage.texts(
                    "SELECT count(*) FROM pragma_table_info('tokens') WHERE name LIKE '%token%'") == ["0"])
            #expect(try storage.token(hash: "3q2-7w") == nil)
        }
    }

    /// A write blocked by another connection's transaction is transient: `.unavailable`, not a conflict.
    @Test func busyDatabaseIsUnavailable() throws {
        try TemporaryFolder.with { folder in
            let holder = try SQLiteStorage(path: folder.path("db.sqlite"))
            try holder.migrate()
            let blocked = try SQLiteStorage(path: folder.path("db.sqlite"), busyTimeoutMilliseconds: 50)
            try holder.transaction { view in
                try view.insertAccount(account("held"))
                #expect {
                    try blocked.insertAccount(account("other"))
                } throws: { error in
                    guard case StoreError.unavailable = error else { return false }
                    return true
                }
            }
            #expect(try blocked.account(id: "held") != nil)
        }
    }

    @Test func missingFolderIsAnError() {
        #expect(throws: StoreError.self) { try SQLiteStorage(path: "/nonexistent-\(UUID())/db.sqlite") }
    }

    func account(_ id: String) -> Account {
        Account(id: id, email: "\(id)@example.com", emailVerified: true, displayName: nil, createdAt: epoch)
    }
}
