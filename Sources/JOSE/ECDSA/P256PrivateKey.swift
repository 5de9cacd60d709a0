import COpenSSL

/// An ECDSA P-256 private key: our ES256 tokens and Apple's client secret (the `.p8` file).
public final class P256PrivateKey: JWSSigningKey, @unchecked Sendable {
    public let algorithm = JWSAlgorithm.es256
    let key: EVPKey
    private let signer: PKeyContextPool
    public let publicKey: P256PublicKey

    init(key: EVPKey) throws(JOSEError) {
        publicKey = try P256PublicKey(key: EVPKey.fromSPKI(key.spkiDER))
        self.key = key
        signer = try PKeyContextPool(key: key, operation: .sign, padding: .none)
    }

    public static func generate() throws(JOSEError) -> P256PrivateKey {
        let key = try EVPKey.generate("EC") { EVP_PKEY_CTX_set_group_name($0, "P-256") }
        return try P256PrivateKey(key: key)
    }

    /// PKCS#8 (RFC 5208, Apple's `.p8`) or SEC1 (RFC 5915) DER.
    public convenience init(der: [UInt8]) throws(JOSEError) {
        try self.init(key: EVPKey.fromPrivateDER(der, ofType: "EC"))
    }

    /// `BEGIN PRIVATE KEY` (PKCS#8, as in Apple's `.p8`) or `BEGIN EC PRIVATE KEY` (SEC1).
    public convenience init(pem: String) throws(JOSEError) {
        try self.init(der: PEM.decodePrivateKey(pem))
    }

    /// From the JWK members `d`, `x`, `y` (RFC 7518 §6.2.2.1); the pair is checked to match.
    public convenience init(d: [UInt8], x: [UInt8], y: [UInt8]) throws(JOSEError) {
        guard d.count == 32, x.count == 32, y.count == 32 else {
            throw JOSEError(.invalidKey, "P-256 key members must be 32 bytes each (RFC 7518 §6.2)")
        }
        // RFC 5915 §3 ECPrivateKey: version 1, privateKey, [0] parameters, [1] publicKey.
        let prime256v1: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        let sec1 = DER.sequence([
            DER.smallInteger(1), DER.octetString(d), DER.element(0xA0, prime256v1),
            DER.element(0xA1, DER.bitString([0x04] + x + y)),
        ])
        let key = try EVPKey.fromPrivateDER(sec1)
        try key.pairwiseCheck()
        try self.init(key: key)
    }

    public var d: [UInt8] { get throws(JOSEError) { try key.bigEndian("priv", width: 32) } }
    public var pkcs8DER: [UInt8] { get throws(JOSEError) { try key.pkcs8DER } }
    public var pkcs8PEM: String { get throws(JOSEError) { try PEM.encode(key.pkcs8DER, label: "PRIVATE KEY") } }

    /// RFC 7518 §3.4: ECDSA P-256 SHA-256, returned as the 64-byte R‖S.
    public func signature(for signingInput: [UInt8]) throws(JOSEError) -> [UInt8] {
        try ECDSASignature.raw(fromDER: signer.sign(digest: SHA256.hash(signingInput)))
    }
}
