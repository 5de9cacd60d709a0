/// Reads CBOR (RFC 8949) bounded for what WebAuthn sends: definite lengths only (CTAP2 canonical
/// form forbids indefinite ones, FIDO CTAP 2.1 §8 "Message Encoding"), a depth, item and size limit,
/// no duplicate map keys (RFC 8949 §5.6), and, when `canonical`, the CTAP2 canonical form the
/// WebAuthn spec requires of COSE keys and extension outputs (W3C WebAuthn Level 3 §6.5.1.1 and
/// §9): shortest integer and length encodings, map keys sorted length first, then bytewise.
public struct CBORReader {
    public struct Limits: Sendable {
        public var maximumDepth = 8
        public var maximumItems = 512
        public var maximumBytes = 16 * 1024
        public init() {}
    }

    let bytes: [UInt8]
    let canonical: Bool
    let limits: Limits
    public internal(set) var offset: Int
    var items = 0

    public init(_ bytes: [UInt8], at offset: Int = 0, canonical: Bool, limits: Limits = Limits()) {
        self.bytes = bytes
        self.offset = offset
        self.canonical = canonical
        self.limits = limits
    }

    /// Exactly one item filling all of `bytes`.
    public static func decode(_ bytes: [UInt8], canonical: Bool, limits: Limits = Limits()) throws(WebAuthnError) -> CBOR {
        var reader = CBORReader(bytes, canonical: canonical, limits: limits)
        let item = try reader.read()
        guard reader.offset == bytes.count else { throw WebAuthnError(.malformedCBOR, "bytes after the CBOR item") }
        return item
    }

    /// One item from the current offset; the offset then points past it.
    public mutating func read() throws(WebAuthnError) -> CBOR {
        guard bytes.count - offset <= limits.maximumBytes else { throw WebAuthnError(.malformedCBOR, "CBOR input too large") }
        return try item(depth: 0)
    }

    mutating func item(depth: Int) throws(WebAuthnError) -> CBOR {
        guard depth <= limits.maximumDepth else { throw WebAuthnError(.malformedCBOR, "CBOR nested too deeply") }
        items += 1
        guard items <= limits.maximumItems else { throw WebAuthnError(.malformedCBOR, "too many CBOR items") }
        if offset < bytes.count, bytes[offset] >> 5 == 7 { return try simple() }
        let (major, argument) = try head()
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument))
        case 3: return try text(argument)
        case 4: return try array(count: argument, depth: depth)
        case 5: return try map(count: argument, depth: depth)
        default: throw WebAuthnError(.malformedCBOR, "CBOR tags are not part of WebAuthn's encoding")
        }
    }

    mutating func text(_ length: UInt64) throws(WebAuthnError) -> CBOR {
        // RFC 8949 §3.1 major type 3: the bytes are UTF-8; invalid UTF-8 is not well-formed text.
        guard let text = String(validating: try take(length), as: UTF8.self) else {
            throw WebAuthnError(.malformedCBOR, "a CBOR text string is not UTF-8")
        }
        return .text(text)
    }

    mutating func array(count: UInt64, depth: Int) throws(WebAuthnError) -> CBOR {
        try checkCount(count)
        var elements: [CBOR] = []
        for _ in 0..<count { elements.append(try item(depth: depth + 1)) }
        return .array(elements)
    }

    mutating func map(count: UInt64, depth: Int) throws(WebAuthnError) -> CBOR {
        try checkCount(count)
        try checkCount(count * 2)
        var pairs: [CBOR.Pair] = []
        var previousKey: ArraySlice<UInt8> = []
        for index in 0..<count {
            let start = offset
            let key = try item(depth: depth + 1)
            let encodedKey = bytes[start..<offset]
            if canonical, index > 0, !Self.precedes(previousKey, encodedKey) {
                throw WebAuthnError(.malformedCBOR, "CBOR map keys out of canonical order")
            }
            guard !pairs.contains(where: { $0.key == key }) else {
                throw WebAuthnError(.malformedCBOR, "a CBOR map repeats a key (RFC 8949 §5.6)")
            }
            previousKey = encodedKey
            pairs.append(CBOR.Pair(key, try item(depth: depth + 1)))
        }
        return .map(pairs)
    }

    /// CTAP2 canonical key order: shorter encodings first, then bytewise lexical order.
    static func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Each element takes at least one byte, so a count above what is left is malformed at once.
    func checkCount(_ count: UInt64) throws(WebAuthnError) {
        guard count <= UInt64(bytes.count - offset), count <= UInt64(limits.maximumItems) else {
            throw WebAuthnError(.malformedCBOR, "a CBOR container claims more items than it can hold")
        }
    }
}
