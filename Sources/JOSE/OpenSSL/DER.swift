/// The little ASN.1 DER (X.690) this module writes and reads: enough to build SPKI, PKCS#1 and
/// SEC1 structures from JWK members and to convert ECDSA signatures (RFC 7518 §3.4).
enum DER {
    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    static func sequence(_ parts: [[UInt8]]) -> [UInt8] { element(0x30, parts.flatMap { $0 }) }

    /// An INTEGER from unsigned big-endian bytes: minimal, with a 0x00 when the top bit is set.
    static func unsignedInteger(_ bytes: [UInt8]) -> [UInt8] {
        var trimmed = Array(bytes.drop { $0 == 0 })
        if trimmed.isEmpty { trimmed = [0] }
        if trimmed[0] & 0x80 != 0 { trimmed.insert(0, at: 0) }
        return element(0x02, trimmed)
    }

    static func smallInteger(_ value: UInt8) -> [UInt8] { element(0x02, [value]) }
    static func octetString(_ bytes: [UInt8]) -> [UInt8] { element(0x04, bytes) }
    static func bitString(_ bytes: [UInt8]) -> [UInt8] { element(0x03, [0] + bytes) }
    static let null: [UInt8] = [0x05, 0x00]

    private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// Reads one element with the expected tag at `offset`; returns its content range.
    static func read(_ tag: UInt8, in bytes: [UInt8], at offset: inout Int) -> Range<Int>? {
        guard offset + 2 <= bytes.count, bytes[offset] == tag else { return nil }
        var cursor = offset + 1
        var count = Int(bytes[cursor])
        cursor += 1
        if count & 0x80 != 0 {
            let octets = count & 0x7F
            guard octets >= 1, octets <= 2, cursor + octets <= bytes.count else { return nil }
            count = 0
            for _ in 0..<octets {
                count = count << 8 | Int(bytes[cursor])
                cursor += 1
            }
            guard count >= 0x80 else { return nil }  // X.690 §10.1: the shortest length form
        }
        guard cursor + count <= bytes.count else { return nil }
        offset = cursor + count
        return cursor..<(cursor + count)
    }
}
