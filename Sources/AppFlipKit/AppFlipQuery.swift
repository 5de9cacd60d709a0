import Foundation

/// The query codec App Flip uses on both legs (the universal link and Google's return link).
///
/// Decision, RFC 3986 §3.4 and §2.2: in a URI query `+` is an ordinary sub-delimiter with no
/// meaning of its own; only `application/x-www-form-urlencoded` (HTML forms) turns it into a
/// space. Google's App Flip tester builds the link with `URLComponents.queryItems`, which sends a
/// space as `%20` and leaves `+` unescaped, so a raw `+` here is a literal plus and a space only
/// ever arrives as `%20`. When encoding we escape everything outside the RFC 3986 §2.3
/// unreserved set (`A-Z a-z 0-9 - . _ ~`), `+` included, so either reading gives the same value.
public enum AppFlipQuery {
    public enum DecodingError: Error, Equatable, Sendable {
        /// A `%` not followed by two hex digits (RFC 3986 §2.1).
        case badPercentEscape
        /// The decoded bytes are not UTF-8.
        case notUTF8
    }

    /// Splits a raw, percent-encoded query into (name, value) pairs, in order.
    /// Empty segments (`a=1&&b=2`) are skipped; a segment without `=` has an empty value.
    public static func parse(_ rawQuery: String) throws(DecodingError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for segment in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            pairs.append((name, value))
        }
        return pairs
    }

    /// Encodes pairs as `name=value&…`, escaping everything outside the unreserved set.
    public static func encode(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes every byte outside RFC 3986 §2.3 unreserved, as uppercase hex (§2.1).
    public static func encode<S: StringProtocol>(_ text: S) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; `+` stays `+` (see the type's comment).
    public static func decode<S: StringProtocol>(_ text: S) throws(DecodingError) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                out.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            else { throw .badPercentEscape }
            out.append(high << 4 | low)
            index += 3
        }
        // Decoding repairs bad UTF-8 with U+FFFD; a repaired string no longer round-trips.
        let string = String(decoding: out, as: UTF8.self)
        guard Array(string.utf8) == out else { throw .notUTF8 }
        return string
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
