import Support

/// An ECDSA P-256 public key for ES256 (RFC 7518 §3.4).
public final class P256PublicKey: JWSVerificationKey, @unchecked Sendable {
    public let algorithm = JWSAlgorithm.es256
    let key: EVPKey
    private let verifier: PKeyContextPool
    var verifierPool: PKeyContextPool { verifier }

    /// id-ecPublicKey (RFC 5480 §2.1.1) with namedCurve prime256v1.
    static let algorithmIdentifier: [UInt8] = DER.sequence([
        [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01],
        [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07],
    ])

    init(key: EVPKey) throws(JOSEError) {
        // RFC 7518 §3.4: ES256 is P-256 only; another 256-bit curve (secp256k1) is not P-256.
        guard key.isA("EC"), key.utf8("group") == "prime256v1" else {
            throw JOSEError(.invalidKey, "the key is not an EC P-256 key")
        }
        self.key = key
        verifier = try PKeyContextPool(key: key, operation: .verify, padding: .none)
    }

    /// From the JWK members `x` and `y` (RFC 7518 §6.2.1), each exactly 32 bytes. OpenSSL refuses
    /// a point that is not on the curve while decoding.
    public convenience init(x: [UInt8], y: [UInt8]) throws(JOSEError) {
        guard x.count == 32, y.count == 32 else {
            throw JOSEError(.invalidKey, "P-256 coordinates must be 32 bytes each (RFC 7518 §6.2.1.2)")
        }
        let spki = DER.sequence([Self.algorithmIdentifier, DER.bitString([0x04] + x + y)])
        try self.init(key: EVPKey.fromSPKI(spki))
    }

    public convenience init(spkiDER: [UInt8]) throws(JOSEError) {
        try self.init(key: EVPKey.fromSPKI(spkiDER))
    }

    public convenience init(pem: String) throws(JOSEError) {
        try self.init(spkiDER: PEM.decode(pem, label: "PUBLIC KEY"))
    }

    public var x: [UInt8] { get throws(JOSEError) { try key.bigEndian("qx", width: 32) } }
    public var y: [UInt8] { get throws(JOSEError) { try key.bigEndian("qy", width: 32) } }
    public var spkiDER: [UInt8] { get throws(JOSEError) { try key.spkiDER } }
    public var pem: String { get throws(JOSEError) { try PEM.encode(key.spkiDER, label: "PUBLIC KEY") } }

    /// RFC 7518 §3.4: only the 64-byte R‖S form is a JWS signature; DER is rejected.
    public func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8]) -> Bool {
        guard let der = ECDSASignature.der(fromRaw: signature) else { return false }
        return verifier.verify(signature: der, digest: SHA256.hash(signingInput))
    }
}
