/// RFC 7518 §3.4: a JWS ECDSA signature is R ‖ S, each left-padded to the field size (32 bytes for
/// P-256). OpenSSL speaks DER (X9.62 `ECDSA-Sig-Value`), so both directions are converted here.
enum ECDSASignature {
    static let coordinateSize = 32

    /// DER `SEQUENCE { r INTEGER, s INTEGER }` → raw r‖s.
    static func raw(fromDER der: [UInt8]) throws(JOSEError) -> [UInt8] {
        var offset = 0
        guard let body = DER.read(0x30, in: der, at: &offset), offset == der.count else {
            throw JOSEError(.cryptoFailure, "OpenSSL returned a malformed ECDSA signature")
        }
        var cursor = body.lowerBound
        guard let r = DER.read(0x02, in: der, at: &cursor), let s = DER.read(0x02, in: der, at: &cursor),
              cursor == body.upperBound
        else { throw JOSEError(.cryptoFailure, "OpenSSL returned a malformed ECDSA signature") }
        return try pad(Array(der[r])) + pad(Array(der[s]))
    }

    private static func pad(_ integer: [UInt8]) throws(JOSEError) -> [UInt8] {
        let trimmed = Array(integer.drop { $0 == 0 })
        guard trimmed.count <= coordinateSize else {
            throw JOSEError(.cryptoFailure, "an ECDSA signature component is longer than 32 bytes")
        }
        return [UInt8](repeating: 0, count: coordinateSize - trimmed.count) + trimmed
    }

    /// Raw r‖s → DER for OpenSSL. Anything but exactly 64 bytes (a DER signature, say) is refused.
    static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard raw.count == 2 * coordinateSize else { return nil }
        let r = Array(raw[0..<coordinateSize])
        let s = Array(raw[coordinateSize...])
        return DER.sequence([DER.unsignedInteger(r), DER.unsignedInteger(s)])
    }
}
