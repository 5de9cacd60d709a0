import Foundation
import OAuthCore
import StoreSQL
import Synchronization

/// Read-only connections beside the writer (WAL mode lets readers run while one writer writes,
/// docs/performance.md): a SELECT outside a transaction takes a free reader instead of
/// waiting for the one writer connection. Each reader is used by one thread at a time (its lock).
final class SQLiteReaders: @unchecked Sendable {
    // @unchecked: each connection is touched only while its lock is held.
    private let connections: [(lock: NSLock, connection: SQLiteConnection)]
    private let next = Atomic<Int>(0)

    init(path: String, count: Int, busyTimeoutMilliseconds: Int32) throws {
        connections = try (0..<count).map { _ in
            let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            // A write sent here by mistake fails loudly instead of bypassing the writer's lock.
            try connection.script("PRAGMA query_only = 1")
            try connection.script("PRAGMA cache_size = -\(SQLiteReaders.cacheKiB)")
            return (NSLock(), connection)
        }
    }

    /// Page cache per connection: the writer's and each reader's, within the RSS budget.
    static let cacheKiB = 4096

    /// A free reader if there is one, else the next in turn (waiting for it).
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let start = next.add(1, ordering: .relaxed).newValue
        for offset in 0..<connections.count {
            let slot = connections[(start + offset) % connections.count]
            if slot.lock.try() {
                defer { slot.lock.unlock() }
                return try body(slot.connection)
            }
        }
        let slot = connections[start % connections.count]
        slot.lock.lock()
        defer { slot.lock.unlock() }
        return try body(slot.connection)
    }
}

/// What `SQLiteStorage.access` hands to StoreSQL: SELECTs go to a reader, every other statement to the
/// writer's group commit (`SQLiteWriter.joined`), a script to the writer alone. Each statement is
/// atomic on its own, as `SQLDatabase.access` promises.
struct SQLiteRoutedConnection: SQLConnection {
    let readers: SQLiteReaders
    let write: ((SQLiteConnection) throws -> Void) throws -> Void
    let alone: ((SQLiteConnection) throws -> Void) throws -> Void

    var insertionOrder: String { "rowid" }
    var rowLock: String { "" }

    func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        var changed = 0
        try write { changed = try $0.run(sql, values) }
        return changed
    }

    func insert(_ sql: String, _ values: [SQLValue]) throws -> Int {
        var changed = 0
        try write { changed = try $0.insert(sql, values) }
        return changed
    }

    func query<T>(_ sql: String, _ values: [SQLValue], _ map: (any SQLRow) throws -> T) throws -> [T] {
        if Self.isSelect(sql) { return try readers.read { try $0.query(sql, values, map) } }
        var rows: [T] = []
        try write { rows = try $0.query(sql, values, map) }
        return rows
    }

    func script(_ sql: String) throws { try alone { try $0.script(sql) } }

    /// A statement that starts with SELECT (after white space) only reads.
    static func isSelect(_ sql: String) -> Bool {
        let start = sql.utf8.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        return start.prefix(6).map { $0 | 0x20 }.elementsEqual("select".utf8)
    }
}
