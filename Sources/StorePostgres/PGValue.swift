import CLibPQ
import Foundation
import OAuthCore
import StoreSQL

extension SQLValue {
    /// PostgreSQL's text format: integers in decimal (dates are BIGINT milliseconds since 1970),
    /// booleans `true`/`false`, byte arrays BYTEA in hex (`\x…`), string lists JSON text.
    var pgText: String? {
        switch self {
        case .null: nil
        case .integer(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .text(let text): text
        case .bytes(let bytes): Hex.bytea(bytes)
        }
    }

    /// `values` as one PostgreSQL array in text format (PostgreSQL docs §8.15.6): each element in double
    /// quotes with `"` and `\` escaped by a backslash, NULL bare. Written here because libpq has no array
    /// encoder. Escaping byte by byte is safe in UTF-8: neither byte occurs inside a multibyte character.
    static func pgArray(_ values: [SQLValue]) -> SQLValue {
        let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard let text = value.pgText else {
                out += "NULL".utf8
                continue
            }
            out.append(quote)
            for byte in text.utf8 {
                if byte == quote || byte == backslash { out.append(backslash) }
                out.append(byte)
            }
            out.append(quote)
        }
        out.append(UInt8(ascii: "}"))
        return .text(String(decoding: out, as: UTF8.self))
    }
}

extension PGRow: SQLRow {
    func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column + offset) != 0 }

    func int64(_ column: Int32) throws -> Int64 {
        guard let text = optionalText(column) else {
            throw StoreError.corrupt("NULL integer in column \(column)")
        }
        guard let number = Int64(text) else { throw StoreError.corrupt("integer \(text)") }
        return number
    }

    func bool(_ column: Int32) throws -> Bool { try text(column) == "t" }
    func bytes(_ column: Int32) throws -> [UInt8] { try Hex.decodeBytea(try text(column)) }
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
