import CSQLite
import Foundation
import StoreSQL

/// The current row of a stepping statement; valid only inside the `query` map closure.
struct SQLiteRow: SQLRow {
    let statement: OpaquePointer

    /// How many columns the statement returns (for tests of the column lists, SQLRows.swift).
    var columnCount: Int { Int(sqlite3_column_count(statement)) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func optionalText(_ column: Int32) -> String? {
        guard !isNull(column), let pointer = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(statement, column) != 0 }

    func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
