extension CBORReader {
    /// Major type 7: only false (20), true (21) and null (22); undefined, floats and other simple
    /// values never occur in WebAuthn's structures (RFC 8949 §3.3).
    mutating func simple() throws(WebAuthnError) -> CBOR {
        switch try byte() & 0x1F {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        default: throw WebAuthnError(.malformedCBOR, "a CBOR float or simple value WebAuthn does not use")
        }
    }

    /// The initial byte and its argument (RFC 8949 §3); reserved values and indefinite lengths are refused.
    mutating func head() throws(WebAuthnError) -> (major: UInt8, argument: UInt64) {
        let initial = try byte()
        let major = initial >> 5
        let additional = initial & 0x1F
        let argument: UInt64
        switch additional {
        case 0..<24: argument = UInt64(additional)
        case 24: argument = try integer(width: 1, minimum: 24)
        case 25: argument = try integer(width: 2, minimum: 0x100)
        case 26: argument = try integer(width: 4, minimum: 0x1_0000)
        case 27: argument = try integer(width: 8, minimum: 0x1_0000_0000)
        case 31: throw WebAuthnError(.malformedCBOR, "indefinite-length CBOR is not allowed (CTAP2 canonical form)")
        default: throw WebAuthnError(.malformedCBOR, "reserved CBOR additional information")
        }
        return (major, argument)
    }

    mutating func byte() throws(WebAuthnError) -> UInt8 {
        guard offset < bytes.count else { throw WebAuthnError(.malformedCBOR, "CBOR ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A big-endian argument; canonically it must not fit a shorter form (RFC 8949 §4.2.1).
    mutating func integer(width: Int, minimum: UInt64) throws(WebAuthnError) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<width { value = value << 8 | UInt64(try byte()) }
        if canonical, value < minimum { throw WebAuthnError(.malformedCBOR, "CBOR integer not in its shortest form") }
        return value
    }

    mutating func take(_ length: UInt64) throws(WebAuthnError) -> [UInt8] {
        guard length <= UInt64(bytes.count - offset) else { throw WebAuthnError(.malformedCBOR, "a CBOR string runs past the end") }
        defer { offset += Int(length) }
        return Array(bytes[offset..<offset + Int(length)])
    }
}
