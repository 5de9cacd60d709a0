import Foundation
import OAuthCore

/// A parameter in PostgreSQL's text format. Dates are BIGINT milliseconds since 1970, byte arrays
/// BYTEA in hex (`\x…`), string lists JSON text.
enum PGValue {
    case null
    case text(String)

    var text: String? { if case .text(let value) = self { value } else { nil } }

    static func int(_ number: Int) -> PGValue { .text(String(number)) }
    static func optionalInt(_ number: Int?) -> PGValue { number.map { .int($0) } ?? .null }
    static func optionalText(_ text: String?) -> PGValue { text.map { .text($0) } ?? .null }
    static func bool(_ flag: Bool) -> PGValue { .text(flag ? "true" : "false") }
    static func date(_ date: Date) -> PGValue { .text(String(StoredTime.milliseconds(date))) }
    static func optionalDate(_ date: Date?) -> PGValue { date.map { .date($0) } ?? .null }
    static func bytes(_ bytes: [UInt8]) -> PGValue { .text(Hex.bytea(bytes)) }
    static func strings(_ list: [String]) throws -> PGValue { .text(try StringList.encode(list)) }
}

extension PGRow {
    func text(_ column: Int32) throws -> String {
        guard let text = optionalText(column) else {
            throw StoreError.corrupt("NULL text in column \(column)")
        }
        return text
    }

    func int(_ column: Int32) throws -> Int {
        guard let number = try optionalInt(column) else {
            throw StoreError.corrupt("NULL integer in column \(column)")
        }
        return number
    }

    func optionalInt(_ column: Int32) throws -> Int? {
        guard let text = optionalText(column) else { return nil }
        guard let number = Int(text) else { throw StoreError.corrupt("integer \(text)") }
        return number
    }

    func bool(_ column: Int32) throws -> Bool { try text(column) == "t" }
    func date(_ column: Int32) throws -> Date { StoredTime.date(Int64(try int(column))) }
    func optionalDate(_ column: Int32) throws -> Date? {
        try optionalInt(column).map { StoredTime.date(Int64($0)) }
    }
    func bytes(_ column: Int32) throws -> [UInt8] { try Hex.decodeBytea(try text(column)) }
    func strings(_ column: Int32) throws -> [String] { try StringList.decode(try text(column)) }

    func raw<T: RawRepresentable>(_ column: Int32, as type: T.Type) throws -> T where T.RawValue == String {
        let text = try text(column)
        guard let value = T(rawValue: text) else { throw StoreError.corrupt("unknown \(T.self) \(text)") }
        return value
    }
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

/// BYTEA's hex text format (PostgreSQL docs §8.4.1).
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func bytea(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        out.reserveCapacity(2 + bytes.count * 2)
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        return String(decoding: out, as: UTF8.self)
    }

    static func decodeBytea(_ text: String) throws -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"),
            utf8.count % 2 == 0
        else {
            throw StoreError.corrupt("bytea is not in hex format")
        }
        return try stride(from: 2, to: utf8.count, by: 2).map {
            UInt8(try nibble(utf8[$0]) << 4 | nibble(utf8[$0 + 1]))
        }
    }

    private static func nibble(_ c: UInt8) throws -> UInt8 {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: throw StoreError.corrupt("bad hex digit in bytea")
        }
    }
}
