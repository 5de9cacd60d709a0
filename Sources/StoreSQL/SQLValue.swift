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

/// String arrays as JSON text: unambiguous for any content (spaces, quotes, non-ASCII). Written and
/// read by hand on the token path (each token and client row has one; Foundation's JSON coders were
/// a measured cost, docs/performance.md); anything the fast reader does not expect goes to JSONDecoder.
package enum StringList {
    package static func encode(_ list: [String]) throws -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, item) in list.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            for byte in item.utf8 { appendEscaped(byte, to: &out) }
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 8259 §7: quotation mark, reverse solidus and control characters are escaped.
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                    hex[Int(byte & 0xF)]]
        default: out.append(byte)
        }
    }

    package static func decode(_ text: String) throws -> [String] {
        if let fast = plain(text) { return fast }
        do { return try JSONDecoder().decode([String].self, from: Data(text.utf8)) } catch {
            throw StoreError.corrupt("string list: \(error)")
        }
    }

    /// `["a","b"]` with no escapes and no spaces (what `encode` writes for ordinary values); nil otherwise.
    static func plain(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]"),
            !bytes.contains(UInt8(ascii: "\\"))
        else { return nil }
        var items: [String] = []
        var index = 1
        while index < bytes.count - 1 {
            guard bytes[index] == UInt8(ascii: "\""),
                let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\""))
            else { return nil }
            items.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
            index = close + 1
            if bytes[index] == UInt8(ascii: ",") && index + 1 < bytes.count - 1 { index += 1 } else if index != bytes.count - 1 {
                return nil
            }
        }
        return items
    }
}
