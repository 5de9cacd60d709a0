import Foundation
import Identity
import OAuthCore

/// What the shared implementation needs from a backend's connection. SQL is written once with
/// PostgreSQL-style numbered parameters (`$1`, `$2`, …); a backend whose engine spells them
/// differently translates (SQLite: `?1`, `?2`, …). The SQL itself sticks to what SQLite ≥ 3.35 and
/// PostgreSQL both accept (`ON CONFLICT … DO NOTHING / DO UPDATE`, `UPDATE … RETURNING`).
package protocol SQLConnection {
    /// The column that orders rows of `accounts` and `grants` created in the same millisecond by
    /// insertion: SQLite's `rowid`, PostgreSQL's `seq`.
    var insertionOrder: String { get }

    /// What a SELECT ends with to lock the rows it reads until the transaction ends: PostgreSQL's
    /// ` FOR NO KEY UPDATE` (it waits for another such lock but not for foreign-key checks of inserts that
    /// refer to the row); empty for SQLite, whose writer runs one transaction at a time.
    var rowLock: String { get }

    /// Runs one parameterised statement; returns the number of rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int

    /// An INSERT that may conflict: inside a transaction it leaves the transaction usable (PostgreSQL
    /// guards it with a savepoint; SQLite needs nothing).
    @discardableResult
    func insert(_ sql: String, _ values: [SQLValue]) throws -> Int

    /// Runs one parameterised statement and maps each result row.
    func query<T>(_ sql: String, _ values: [SQLValue], _ map: (any SQLRow) throws -> T) throws -> [T]

    /// Runs SQL without parameters (BEGIN/COMMIT, migrations); may hold several statements.
    func script(_ sql: String) throws
}

extension SQLConnection {
    /// `begin` (the backend's BEGIN), `body`, COMMIT; ROLLBACK when either throws, and the error
    /// propagates (a failing ROLLBACK does not replace it).
    package func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        try script(begin)
        do {
            let result = try body()
            try script("COMMIT")
            return result
        } catch {
            try? script("ROLLBACK")
            throw error
        }
    }

    package func query<T>(_ sql: String, _ map: (any SQLRow) throws -> T) throws -> [T] {
        try query(sql, [], map)
    }

    /// Runs each statement with the same values, in order; the rows they changed, summed.
    package func runEach(_ statements: [String], _ values: [SQLValue]) throws -> Int {
        try statements.reduce(0) { try $0 + run($1, values) }
    }
}

/// How a backend hands out connections: `access` for one call (each statement atomic on its own),
/// `atomic` for several statements in one transaction. A transaction view joins its transaction.
package protocol SQLDatabase {
    func access<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    func atomic<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// One statement that only reads, outside any transaction, its rows mapped. Async: a backend may send
    /// it together with other callers' reads and keep the caller suspended, not blocked, meanwhile
    /// (PostgreSQL, PGReader.swift).
    func read<T>(_ sql: String, _ values: [SQLValue], _ map: (any SQLRow) throws -> T) async throws -> [T]
}

extension SQLDatabase {
    package func read<T>(_ sql: String, _ values: [SQLValue], _ map: (any SQLRow) throws -> T) async throws -> [T] {
        try access { try $0.query(sql, values, map) }
    }
}

/// The way from a storage to its backend's connections, opaque outside this package.
public struct SQLBackend {
    package let database: any SQLDatabase

    package init(_ database: any SQLDatabase) { self.database = database }
}

/// An `AccountLinkStorage` over SQL: every method but `transaction` and `ping` is implemented once, in this
/// module, against `SQLConnection`. StoreSQLite and StorePostgres conform.
public protocol SQLStorage: AccountLinkStorage {
    var sqlBackend: SQLBackend { get }
}

extension SQLStorage {
    @discardableResult
    func access<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try sqlBackend.database.access(body)
    }

    @discardableResult
    func atomic<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try sqlBackend.database.atomic(body)
    }

    func read<T>(_ sql: String, _ values: [SQLValue], _ map: (any SQLRow) throws -> T) async throws -> [T] {
        try await sqlBackend.database.read(sql, values, map)
    }

    /// The plain one-row insert: `INSERT INTO table (columns) VALUES ($1, …, $n)`, one placeholder per
    /// value, through `access` (a held key throws `.conflict`).
    func insertRow(into table: String, _ columns: String, _ values: [SQLValue]) throws {
        let placeholders = values.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        try access { try $0.insert("INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))", values) }
    }
}
