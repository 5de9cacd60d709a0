/// A CBOR data item (RFC 8949 §3) of the kinds WebAuthn sends: integers, byte and text strings,
/// arrays, maps, booleans and null. Tags, floats and other simple values never occur in an
/// attestation object, authenticator data or a COSE key, so the reader refuses them.
///
/// No library in Debian 12 parses a WebAuthn attestation object for us (libfido2 1.12 verifies
/// assertions but gained its attestation-object parser only in 1.15; docs/architecture.md), so this
/// module reads the CBOR itself, bounded as CBORReader.Limits says.
public indirect enum CBOR: Sendable, Equatable {
    case unsigned(UInt64)
    /// The value −1 − n (RFC 8949 §3.1, major type 1).
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    /// Pairs in the order they were read (canonical order when read canonically).
    case map([Pair])
    case bool(Bool)
    case null

    public struct Pair: Sendable, Equatable {
        public let key: CBOR
        public let value: CBOR
        public init(_ key: CBOR, _ value: CBOR) { self.key = key; self.value = value }
    }

    /// An integer in Int64 range, positive or negative (COSE labels and algorithm numbers).
    public var intValue: Int64? {
        switch self {
        case .unsigned(let n) where n <= UInt64(Int64.max): Int64(n)
        case .negative(let n) where n < UInt64(Int64.max): -1 - Int64(n)
        default: nil
        }
    }

    public var bytesValue: [UInt8]? { if case .bytes(let b) = self { b } else { nil } }
    public var textValue: String? { if case .text(let t) = self { t } else { nil } }
    public var mapValue: [Pair]? { if case .map(let m) = self { m } else { nil } }
    public var arrayValue: [CBOR]? { if case .array(let a) = self { a } else { nil } }

    /// The value under an integer key (COSE labels, RFC 9052 §7).
    public subscript(label: Int64) -> CBOR? {
        mapValue?.first { $0.key.intValue == label }?.value
    }

    /// The value under a text key (attestation object members, W3C WebAuthn Level 3 §6.5).
    public subscript(key: String) -> CBOR? {
        mapValue?.first { $0.key.textValue.map { Array($0.utf8) == Array(key.utf8) } ?? false }?.value
    }

    public static func int(_ value: Int64) -> CBOR {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }
}
