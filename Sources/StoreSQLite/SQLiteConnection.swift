import CSQLite
import CSQLiteSetup
import Foundation
import OAuthCore
import StoreSQL

/// One sqlite3 handle and its prepared-statement cache. Not thread-safe: `SQLiteStorage` serialises
/// every use behind its lock (docs/architecture.md rule 11: the handle is owned here and closed in `deinit`).
final class SQLiteConnection: SQLConnection {
    private let db: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// `create: false` opens only an existing file (a backup to check or restore).
    init(path: String, busyTimeoutMilliseconds: Int32, create: Bool = true) throws {
        _ = SQLiteConnection.configured
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else { throw StoreError.unavailable("sqlite3_open_v2 \(path): out of memory") }
        guard rc == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close_v2(handle)
            throw SQLiteConnection.error(rc, "open \(path): \(message)")
        }
        db = handle
        try check(sqlite3_extended_result_codes(db, 1), "extended result codes")
        try check(accountlink_sqlite_busy_timeout(db, busyTimeoutMilliseconds), "busy_timeout")
    }

    /// Process-wide settings SQLite takes only before its first connection (CSQLiteSetup/setup.c: no
    /// allocation statistics, adaptive mutexes); SQLITE_OK, or SQLITE_MISUSE if SQLite was already in use.
    static let configured: Int32 = accountlink_sqlite_setup()

    deinit {
        statements.removeAll()
        sqlite3_close_v2(db)
    }

    /// Runs SQL without parameters (pragmas, migrations, BEGIN/COMMIT); may hold several statements.
    func script(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        let detail = message.map { String(cString: $0) } ?? ""
        sqlite3_free(message)
        guard rc == SQLITE_OK else { throw SQLiteConnection.error(rc, "\(sql.prefix(40)): \(detail)") }
    }

    /// No transaction is open (none was begun, or SQLite rolled one back by itself after an error).
    var isAutocommit: Bool { sqlite3_get_autocommit(db) != 0 }

    /// Accounts and grants have no `seq` column here: their implicit rowid is the insertion order.
    let insertionOrder = "rowid"
    let rowLock = ""

    /// Runs one parameterised statement; returns the number of rows it changed.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        _ = try query(sql, parameters) { _ in () }
        return Int(sqlite3_changes(db))
    }

    /// A failed statement does not abort SQLite's surrounding transaction: no savepoint is needed.
    @discardableResult
    func insert(_ sql: String, _ parameters: [SQLValue]) throws -> Int { try run(sql, parameters) }

    /// Runs one parameterised statement and maps each result row.
    func query<T>(_ sql: String, _ parameters: [SQLValue], _ map: (any SQLRow) throws -> T) throws -> [T] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        for (index, value) in parameters.enumerated() {
            try check(statement.bind(value, at: Int32(index + 1)), "bind \(index + 1) of \(sql.prefix(40))")
        }
        var rows: [T] = []
        while true {
            let rc = sqlite3_step(statement.handle)
            if rc == SQLITE_DONE { return rows }
            guard rc == SQLITE_ROW else {
                throw SQLiteConnection.error(rc, "\(sql.prefix(40)): \(lastMessage)")
            }
            rows.append(try map(SQLiteRow(statement: statement.handle)))
        }
    }

    /// Cached under the SQL as written; translated to SQLite's parameter spelling once, when prepared.
    private func prepared(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var handle: OpaquePointer?
        let native = SQLiteConnection.numberedParameters(sql)
        try check(sqlite3_prepare_v2(db, native, -1, &handle, nil), "prepare \(sql.prefix(40))")
        guard let handle else { throw StoreError.corrupt("empty statement: \(sql)") }
        let statement = SQLiteStatement(handle)
        statements[sql] = statement
        return statement
    }

    /// The shared SQL numbers parameters `$1`, `$2`, … (PostgreSQL); SQLite's spelling of the same
    /// numbered parameter is `?1`, `?2`, …. Text inside single-quoted literals is left alone.
    static func numberedParameters(_ sql: String) -> String {
        var bytes = Array(sql.utf8)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var quoted = false
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "'") {
                quoted.toggle()
            } else if !quoted && bytes[index] == UInt8(ascii: "$") && index + 1 < bytes.count
                && digits.contains(bytes[index + 1])
            {
                bytes[index] = UInt8(ascii: "?")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private var lastMessage: String { String(cString: sqlite3_errmsg(db)) }

    /// `what` is built only on failure: it was formatted for every bound parameter, 2 % of a refresh.
    private func check(_ rc: Int32, _ what: @autoclosure () -> String) throws {
        guard rc == SQLITE_OK else { throw SQLiteConnection.error(rc, "\(what()): \(lastMessage)") }
    }

    /// Busy, locked and I/O trouble are transient (→ 5xx); constraints are conflicts; the rest is corrupt.
    static func error(_ rc: Int32, _ detail: String) -> StoreError {
        switch rc & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOMEM,
            SQLITE_PROTOCOL, SQLITE_READONLY, SQLITE_INTERRUPT:
            .unavailable("sqlite \(rc): \(detail)")
        case SQLITE_CONSTRAINT: .conflict("sqlite \(rc): \(detail)")
        default: .corrupt("sqlite \(rc): \(detail)")
        }
    }
}

/// A prepared statement, finalized in `deinit`.
final class SQLiteStatement {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Booleans are 0/1, dates integer milliseconds, string lists JSON text, bytes BLOBs.
    func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, index)
        case .integer(let number): return sqlite3_bind_int64(handle, index, number)
        case .boolean(let flag): return sqlite3_bind_int64(handle, index, flag ? 1 : 0)
        case .text(let text): return sqlite3_bind_text(handle, index, text, -1, sqliteTransient)
        case .bytes(let bytes):
            // An empty array has no base address: bind a zero-length blob, not NULL.
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return bytes.withUnsafeBytes {
                sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), sqliteTransient)
            }
        }
    }
}

/// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bound bytes
/// (docs/architecture.md platform note 2).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
