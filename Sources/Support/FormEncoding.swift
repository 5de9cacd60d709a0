/// `application/x-www-form-urlencoded` (WHATWG URL §5) and URL query strings.
/// Parameters keep their order and their repeats, because OAuth must reject a parameter sent twice
/// (RFC 6749 §3.1, §3.2).
public struct FormParameters: Sendable, Equatable {
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

    public static func == (lhs: FormParameters, rhs: FormParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name.sameBytes($1.name) && $0.value.sameBytes($1.value) }
    }

    /// The first value of `name`, or nil. Names are matched by bytes (ByteEquality.swift): a parameter
    /// whose name only looks like `name` under Unicode equivalence is another parameter.
    public subscript(name: String) -> String? { pairs.first { $0.name.sameBytes(name) }?.value }

    public func values(_ name: String) -> [String] { pairs.filter { $0.name.sameBytes(name) }.map(\.value) }

    /// Names that occur more than once, in first-seen order.
    public var duplicatedNames: [String] {
        // By bytes, as the subscript matches names: two names equal only under Unicode equivalence are
        // two parameters, not one sent twice.
        var seen = Set<[UInt8]>()
        var repeated = [String]()
        for pair in pairs where !seen.insert(Array(pair.name.utf8)).inserted && !repeated.containsBytes(pair.name) {
            repeated.append(pair.name)
        }
        return repeated
    }

    public mutating func append(_ name: String, _ value: String) { pairs.append((name, value)) }

    /// Parses `a=1&b=x+y&c=%2F`; `+` is a space; malformed percent escapes are kept literally.
    /// Split by bytes: `&` and `=` are ASCII, so every cut falls between characters, and splitting
    /// the UTF-8 view skips the grapheme work of splitting a String (a measured cost on the token path).
    public static func parse<S: StringProtocol>(_ text: S) -> FormParameters {
        var result = FormParameters()
        let whole = String(text)
        for part in whole.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let piece = Substring(part)
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else {
                result.append(FormEncoding.decodeComponent(piece), "")
                continue
            }
            result.append(FormEncoding.decodeComponent(piece[..<equals]),
                          FormEncoding.decodeComponent(piece[piece.utf8.index(after: equals)...]))
        }
        return result
    }

    /// `name=value&…`, every byte outside RFC 3986's unreserved set percent-encoded.
    public var encoded: String {
        pairs.map { FormEncoding.encodeComponent($0.name) + "=" + FormEncoding.encodeComponent($0.value) }
            .joined(separator: "&")
    }
}

public enum FormEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// RFC 3986 §2.3 unreserved characters (also PKCE's verifier alphabet, RFC 7636 §4.1).
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters (so also `+`, `&`, `=`, space).
    public static func encodeComponent<S: StringProtocol>(_ text: S) -> String {
        var out = [UInt8]()
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes and `+` as space. Invalid UTF-8 becomes U+FFFD.
    public static func decodeComponent<S: StringProtocol>(_ text: S, plusIsSpace: Bool = true) -> String {
        decode(Array(text.utf8), plusIsSpace: plusIsSpace)
    }

    /// The common case (form bodies, Basic credentials): a component without `%` or `+` is its own
    /// decoding and is returned as it is, without a byte loop. (A Substring is always valid UTF-8, so
    /// nothing would become U+FFFD.)
    public static func decodeComponent(_ text: Substring, plusIsSpace: Bool = true) -> String {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }
        }
        if plain == true { return String(text) }
        return decode(Array(text.utf8), plusIsSpace: plusIsSpace)
    }

    private static func decode(_ bytes: [UInt8], plusIsSpace: Bool) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%"), i + 2 < bytes.count,
                let high = Hex.value(bytes[i + 1]), let low = Hex.value(bytes[i + 2])
            {
                out.append(high << 4 | low)
                i += 3
            } else if byte == UInt8(ascii: "+") && plusIsSpace {
                out.append(UInt8(ascii: " "))
                i += 1
            } else {
                out.append(byte)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
