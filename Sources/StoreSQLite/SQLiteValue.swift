import CSQLite
import Foundation
import OAuthCore

/// A bound parameter. Dates are integer milliseconds since 1970, booleans 0/1, string arrays JSON text.
enum SQLiteValue {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])

    static func date(_ date: Date) -> SQLiteValue { .integer(StoredTime.milliseconds(date)) }
    static func optionalDate(_ date: Date?) -> SQLiteValue { date.map { .date($0) } ?? .null }
    static func optionalText(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
    static func int(_ number: Int) -> SQLiteValue { .integer(Int64(number)) }
    static func optionalInt(_ number: Int?) -> SQLiteValue { number.map { .int($0) } ?? .null }
    static func bool(_ flag: Bool) -> SQLiteValue { .integer(flag ? 1 : 0) }
    static func strings(_ list: [String]) throws -> SQLiteValue { .text(try StringList.encode(list)) }
}

/// The current row of a stepping statement; valid only inside the `query` map closure.
struct SQLiteRow {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) throws -> String {
        guard let text = optionalText(column) else {
            throw StoreError.corrupt("NULL text in column \(column)")
        }
        return text
    }

    func optionalText(_ column: Int32) -> String? {
        guard !isNull(column), let pointer = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(statement, column) != 0 }

    func date(_ column: Int32) -> Date { StoredTime.date(sqlite3_column_int64(statement, column)) }
    func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }

    func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    func strings(_ column: Int32) throws -> [String] { try StringList.decode(try text(column)) }
}

/// Dates are kept as integer milliseconds since 1970 (sub-millisecond parts are dropped).
enum StoredTime {
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// String arrays as JSON text: unambiguous for any content (spaces, quotes, non-ASCII).
enum StringList {
    static func encode(_ list: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [String] {
        do { return try JSONDecoder().decode([String].self, from: Data(text.utf8)) } catch {
            throw StoreError.corrupt("string list: \(error)")
        }
    }
}
