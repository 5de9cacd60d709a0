import Foundation
import OAuthCore
import StoreSQL

/// The embedded default store: one SQLite file in WAL mode (docs/architecture.md, Decisions). One writer
/// connection behind a lock runs every write, so each statement is atomic and `consumeCode`/`markRotated`
/// are exactly-once; composite methods run inside BEGIN IMMEDIATE … COMMIT. SELECTs outside a
/// transaction run on read-only connections beside it (`SQLiteReaders`). The `Storage` methods are
/// StoreSQL's, shared with PostgreSQL; this type supplies the connection, the lock and transactions.
public final class SQLiteStorage: SQLStorage, @unchecked Sendable {
    // @unchecked: `connection` is only touched while `lock` is held, or by a transaction view, which
    // is used only on the thread that holds the lock for the duration of `transaction`.
    private let connection: SQLiteConnection
    /// Nil in a transaction view, which runs on the thread that holds the writer.
    private let writer: SQLiteWriter?
    /// Nil in a transaction view: a transaction reads through its own (writer) connection.
    private let readers: SQLiteReaders?
    private let checkpointer: SQLiteCheckpointer?
    /// Held shared while open, so that a restore cannot swap the file underneath (SQLiteOpenLock).
    private let openLock: SQLiteOpenLock?

    /// Opens (creating if needed) the database file at `path`; its folder must exist. Call
    /// `migrate()` before first use.
    public convenience init(path: String) throws {
        try self.init(path: path, busyTimeoutMilliseconds: 5_000)
    }

    /// `busyTimeoutMilliseconds`: how long a write waits for another process's lock before `.unavailable`.
    convenience init(path: String, busyTimeoutMilliseconds: Int32) throws {
        let openLock = SQLiteOpenLock.shared(databasePath: path)
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try connection.script("PRAGMA journal_mode = WAL")
        try connection.script("PRAGMA synchronous = NORMAL")
        try connection.script("PRAGMA foreign_keys = ON")
        // 4 MiB of page cache for the writer and each reader (the default is 2 MiB): the upper levels
        // of the token B-trees stay in memory at a million tokens, within the RSS budget
        // (docs/performance.md).
        try connection.script("PRAGMA cache_size = -\(SQLiteReaders.cacheKiB)")
        // A backstop: the checkpointer below normally keeps the WAL far shorter (4000 pages = 16 MiB).
        try connection.script("PRAGMA wal_autocheckpoint = 4000")
        let readers = try SQLiteReaders(path: path, count: Self.readerCount,
                                        busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        self.init(connection: connection, writer: SQLiteWriter(connection), readers: readers,
                  checkpointer: try SQLiteCheckpointer(path: path), openLock: openLock)
    }

    /// One reader per core, at least two.
    static var readerCount: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }

    private init(connection: SQLiteConnection, writer: SQLiteWriter?, readers: SQLiteReaders?,
                 checkpointer: SQLiteCheckpointer? = nil, openLock: SQLiteOpenLock? = nil) {
        self.connection = connection
        self.openLock = openLock
        self.writer = writer
        self.readers = readers
        self.checkpointer = checkpointer
    }

    deinit { writer?.stop() }

    /// Applies every migration not yet in `schema_migrations`, each in its own transaction.
    /// Idempotent: a migrated database is left as it is. A database newer than this binary is refused
    /// (`SchemaTooNew`) before anything is written.
    public func migrate() throws {
        try locked { db in
            try SQLiteStorage.schemaStatus(of: db).requireNotNewer()
            try db.script(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)"
            )
            for migration in SQLiteMigrations.all {
                try SQLiteStorage.inTransaction(db) {
                    let done = try db.query(
                        "SELECT 1 FROM schema_migrations WHERE version = ?",
                        [.int(migration.version)]
                    ) { _ in true }
                    guard done.isEmpty else { return }
                    try SQLMigrationSteps.before(version: migration.version, db)
                    try db.script(migration.sql)
                    try db.run(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                        [.int(migration.version), .date(Date())])
                }
            }
        }
    }

    /// A column (the first unless said) of every row of `sql`, as text (for tests and diagnostics).
    func texts(_ sql: String, column: Int32 = 0) throws -> [String] {
        try locked { try $0.query(sql, []) { try $0.optionalText(column) ?? "NULL" } }
    }

    public var sqlBackend: SQLBackend { SQLBackend(self) }

    /// Concurrent transactions share one COMMIT (group commit, `SQLiteWriter`); each still sees
    /// all or nothing of its own writes, and none returns before they are committed.
    public func transaction<T>(_ body: (SQLiteStorage) throws -> T) throws -> T {
        guard let writer else { return try body(self) }
        return try writer.grouped { db in try body(SQLiteStorage(connection: db, writer: nil, readers: nil)) }
    }

    /// On a reader when there are readers: a health check does not queue behind the writer.
    public func ping() throws {
        let check = { (db: SQLiteConnection) throws in _ = try db.query("SELECT 1", []) { try $0.int(0) } }
        guard let readers, writer != nil else { return try locked(check) }
        try readers.read(check)
    }

    /// Runs `body` on the connection: under the lock, or directly inside a transaction view.
    func locked<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let writer else { return try body(connection) }
        return try writer.locked(body)
    }

    /// The token path's one write (TokenPathStore) waits in the writer's batch suspended, not blocked.
    public func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        let statement = try Self.insertWhileLive(token, refreshHash, now)
        guard let writer else { return try statement(connection) }
        return try await writer.joined { db in try statement(db) }
    }

    /// The refresh's read and write together in the writer's batch: no read on a reader first. Read
    /// ahead: `derive` before the writer's turn, which then only checks (`insertWhileLive`).
    public func insertToken(
        derivedFrom refreshHash: String, readAhead: LiveToken?, at now: Date,
        _ derive: @escaping @Sendable (LiveToken) throws -> TokenRecord
    ) async throws -> DerivedToken? {
        if let readAhead {
            return try await insertToken(derivedFromRead: readAhead, under: refreshHash, at: now, derive)
        }
        let statement = Self.insertDerived(refreshHash, now, derive)
        guard let writer else { return try statement(connection) }
        return try await writer.joined { db in try statement(db) }
    }

    /// One statement in the writer's batch (SQLiteWriter+Batch.swift), or directly inside a transaction view.
    private func joined(_ statement: (SQLiteConnection) throws -> Void) throws {
        guard let writer else { return try statement(connection) }
        try writer.joined(statement)
    }

    /// BEGIN IMMEDIATE takes the write lock up front, so a busy database fails here (→ `.unavailable`)
    /// rather than halfway through.
    private static func inTransaction<T>(_ db: SQLiteConnection, _ body: () throws -> T) throws -> T {
        try db.transaction(begin: "BEGIN IMMEDIATE", body)
    }
}

extension SQLiteStorage: SQLDatabase {
    /// Outside a transaction, SELECTs go to the readers and the rest to the writer, a statement at a time.
    package func access<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        guard let readers, writer != nil else { return try locked { try body($0) } }
        return try body(SQLiteRoutedConnection(
            readers: readers, write: { statement in try self.joined(statement) },
            alone: { statement in try self.locked(statement) }))
    }

    /// Runs a multi-statement operation atomically (joins the surrounding transaction of a view).
    package func atomic<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        guard writer != nil else { return try body(connection) }
        return try locked { db in try SQLiteStorage.inTransaction(db) { try body(db) } }
    }
}
