extension CBOR {
    /// The CTAP2 canonical encoding (FIDO CTAP 2.1 §8 "Message Encoding"): shortest heads, map keys
    /// sorted length first then bytewise. Used to build COSE keys in tests and tools and by the fuzz
    /// target's round-trip check (what was read canonically encodes to the same bytes).
    public var encoded: [UInt8] {
        switch self {
        case .unsigned(let n): Self.head(0, n)
        case .negative(let n): Self.head(1, n)
        case .bytes(let b): Self.head(2, UInt64(b.count)) + b
        case .text(let t): Self.head(3, UInt64(t.utf8.count)) + Array(t.utf8)
        case .array(let a): Self.head(4, UInt64(a.count)) + a.flatMap(\.encoded)
        case .map(let pairs): Self.head(5, UInt64(pairs.count)) + Self.sorted(pairs).flatMap { $0 }
        case .bool(let b): [b ? 0xF5 : 0xF4]
        case .null: [0xF6]
        }
    }

    static func sorted(_ pairs: [Pair]) -> [[UInt8]] {
        pairs.map { ($0.key.encoded, $0.value.encoded) }
            .sorted { CBORReader.precedes($0.0[...], $1.0[...]) }
            .map { $0.0 + $0.1 }
    }

    static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24..<0x100: return [type | 24, UInt8(argument)]
        case 0x100..<0x1_0000: return [type | 25] + bigEndian(argument, width: 2)
        case 0x1_0000..<0x1_0000_0000: return [type | 26] + bigEndian(argument, width: 4)
        default: return [type | 27] + bigEndian(argument, width: 8)
        }
    }

    static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
