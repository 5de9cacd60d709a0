import Foundation
import OAuthCore
import StoreSQL
import Support

/// The store for several stateless instances behind a load balancer (docs/architecture.md, Decisions). Each
/// call takes one pooled connection; composite methods and `transaction` run BEGIN … COMMIT on it.
/// Single use is enforced by `UPDATE … WHERE consumed_at IS NULL RETURNING`, atomic under READ COMMITTED.
/// The `Storage` methods are StoreSQL's, shared with SQLite; this type supplies the pool and transactions.
public final class PostgresStorage: SQLStorage, @unchecked Sendable {
    // @unchecked: the pool is thread-safe; `pinned` (a transaction view's connection) is used only on
    // the thread running that transaction.
    let pool: PGPool
    /// A transaction view's connection; nil for the store itself.
    let pinned: PGConnection?
    /// The threads requests run on when the server uses this store (Support/StoreThreads.swift).
    public let executor: StoreThreads
    /// Group commit of the refresh's access tokens, on a thread and a connection of its own (PGInsertBatch.swift).
    let insertBatch: PGInsertBatch<PGLiveInsert, PGRows>
    /// The token path's reads, on a connection and a thread of their own (PGReader.swift).
    let reader: PGReader

    /// Opened and idle connections now, and the pool's size (for the server's gauges).
    public var poolStatistics: PoolStatistics { pool.usage }

    /// Round trips to the server made so far by this store's connections (docs/performance.md).
    public var roundTrips: Int { pool.statistics.roundTrips }

    /// The names `ps -L` shows for the store's threads (Support/ThreadName.swift).
    static let storeThreadName = "al.pg.store", writerThreadName = "al.pg.writer", readerThreadName = "al.pg.reader"

    /// `ACCOUNTLINK_POSTGRES_POOL_SIZE`'s default: connections, and threads that call libpq.
    public static let defaultPoolSize = 8

    /// `url`: `postgres://user:pass@host:port/db`, query items passed to libpq (`?sslmode=require`).
    /// Opens one connection now (throws `.unavailable` when the server cannot be reached), the
    /// others on demand. Call `migrate()` before first use.
    /// `poolWaitSeconds`: how long a call waits for a free connection before `.unavailable`.
    public init(url: String, poolSize: Int = PostgresStorage.defaultPoolSize, poolWaitSeconds: Double = 10) throws {
        let pool = try PGPool(conninfo: try PostgresURL.conninfo(url), size: poolSize, waitSeconds: poolWaitSeconds)
        self.pool = pool
        pinned = nil
        executor = StoreThreads(limit: poolSize, name: PostgresStorage.storeThreadName)
        let writer = PGKeptConnection { try PostgresStorage.openWriter(pool) }
        insertBatch = PGInsertBatch { inserts in try writer.with { $0.insertWhileLive(inserts) } }
        reader = try PGReader { try pool.openDedicated() }
    }

    /// The group commit's own connection, with generic plans. Its one statement (StoreSQL's
    /// `insertWhileLiveLockingSQL`) is planned the same for any values: each row's check is a key lookup
    /// kept apart by `OFFSET 0`. Left to choose, PostgreSQL estimates ten rows for an array parameter's
    /// `unnest`, so after batches of one row (a server under light load) it keeps planning the statement
    /// anew at every run instead of reusing a generic plan: measured 0.78 ms of planning against 0.29 ms
    /// of execution per single refresh (docs/performance-history.md, Eighth round).
    static func openWriter(_ pool: PGPool) throws -> PGConnection {
        let connection = try pool.openDedicated()
        try connection.script("SET plan_cache_mode = force_generic_plan")
        return connection
    }

    private init(of store: PostgresStorage, pinned: PGConnection) {
        pool = store.pool
        self.pinned = pinned
        executor = store.executor
        insertBatch = store.insertBatch
        reader = store.reader
    }

    deinit {
        if pinned == nil {
            executor.stop()
            insertBatch.stop()
            reader.stop()
        }
    }

    /// Applies every migration not yet in `schema_migrations`, in one transaction under an advisory
    /// lock, so instances starting together migrate once. Idempotent.
    public func migrate() throws {
        try atomically { db in
            try db.query("SELECT pg_advisory_xact_lock(7426031)")
            // A newer AccountLink's schema is refused before anything is written (StoreSQL/SchemaStatus.swift).
            try PostgresStorage.schemaStatus(of: db).requireNotNewer()
            try db.script(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)"
            )
            for migration in PostgresMigrations.all {
                let done = try db.query(
                    "SELECT 1 FROM schema_migrations WHERE version = $1", [.int(migration.version)])
                guard done.rowCount == 0 else { continue }
                try SQLMigrationSteps.before(version: migration.version, db)
                try db.script(migration.sql)
                try db.run(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                    [.int(migration.version), .date(Date())])
            }
        }
    }

    /// The first column of every row of `sql`, as text (for tests and operator diagnostics).
    func texts(_ sql: String) throws -> [String] {
        try connection { try $0.query(sql, []).rows { try $0.optionalText(0) ?? "NULL" } }
    }

    public var sqlBackend: SQLBackend { SQLBackend(self) }

    public func transaction<T>(_ body: (PostgresStorage) throws -> T) throws -> T {
        guard pinned == nil else { return try body(self) }
        return try pool.with { db in
            try Self.inTransaction(db) { try body(PostgresStorage(of: self, pinned: db)) }
        }
    }

    public func ping() throws {
        try connection { try $0.query("SELECT 1") }
    }

    /// `SELECT 1` as the token path's reads go (`read` below: the reader, the caller suspended).
    public func readPing() async throws {
        _ = try await read("SELECT 1", []) { _ in () }
    }

    /// Runs `body` on the transaction's connection, or on a pooled one.
    @discardableResult
    func connection<T>(_ body: (PGConnection) throws -> T) throws -> T {
        if let pinned { return try body(pinned) }
        return try pool.with(body)
    }

    /// Runs a multi-statement operation atomically (joins the surrounding transaction of a view).
    func atomically<T>(_ body: (PGConnection) throws -> T) throws -> T {
        if let pinned { return try body(pinned) }
        return try pool.with { db in try Self.inTransaction(db) { try body(db) } }
    }

    /// BEGIN (sent with the first statement), `body`, COMMIT; ROLLBACK when either throws.
    static func inTransaction<T>(_ db: PGConnection, _ body: () throws -> T) throws -> T {
        db.begin()
        do {
            let result = try body()
            try db.commit()
            return result
        } catch {
            db.rollback()
            throw error
        }
    }
}

extension PostgresStorage: SQLDatabase {
    package func access<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try connection { try body($0) }
    }

    package func atomic<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try atomically { try body($0) }
    }

    /// On a transaction view's connection at once (it sees the transaction's writes); otherwise sent by
    /// the reader with the other reads out (PGReader), the caller suspended meanwhile.
    package func read<T>(_ sql: String, _ values: [SQLValue], _ map: (any SQLRow) throws -> T) async throws -> [T] {
        if let pinned { return try pinned.query(sql, values).rows(map) }
        return try await reader.read(PGStatement(sql, values)).rows(map)
    }
}

extension PGConnection: SQLConnection {
    /// The BIGSERIAL column of `accounts` and `grants` that records insertion order.
    var insertionOrder: String { "seq" }
    var rowLock: String { " FOR NO KEY UPDATE" }

    /// Rows changed by one statement.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLValue]) throws -> Int { try query(sql, parameters).changed }

    /// An insert that may conflict: inside a transaction it leaves the transaction usable.
    @discardableResult
    func insert(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        try guardedQuery(sql, parameters).changed
    }

    func query<T>(_ sql: String, _ parameters: [SQLValue], _ map: (any SQLRow) throws -> T) throws -> [T] {
        try query(sql, parameters).rows(map)
    }
}
