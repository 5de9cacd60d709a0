import Foundation
import OAuthCore

/// A bound parameter, dialect-neutral: each backend turns it into its own wire form (SQLite binds
/// integers, text and blobs; PostgreSQL sends text, BYTEA in hex). Dates are integer milliseconds
/// since 1970, string arrays JSON text.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case boolean(Bool)
    case text(String)
    case bytes([UInt8])

    package static func int(_ number: Int) -> SQLValue { .integer(Int64(number)) }
    package static func optionalInt(_ number: Int?) -> SQLValue { number.map { .int($0) } ?? .null }
    package static func optionalText(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
    package static func bool(_ flag: Bool) -> SQLValue { .boolean(flag) }
    package static func date(_ date: Date) -> SQLValue { .integer(StoredTime.milliseconds(date)) }
    package static func optionalDate(_ date: Date?) -> SQLValue { date.map { .date($0) } ?? .null }
    package static func strings(_ list: [String]) throws -> SQLValue { .text(try StringList.encode(list)) }
}

/// Dates are kept as integer milliseconds since 1970 (sub-millisecond parts are dropped).
package enum StoredTime {
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
    package static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// String arrays as JSON text: unambiguous for any content (spaces, quotes, non-ASCII).
package enum StringList {
    package static func encode(_ list: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
    }

    package static func decode(_ text: String) throws -> [String] {
        do { return try JSONDecoder().decode([String].self, from: Data(text.utf8)) } catch {
            throw StoreError.corrupt("string list: \(error)")
        }
    }
}
