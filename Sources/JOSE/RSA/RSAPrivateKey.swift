import COpenSSL

/// An RSA private key for RS256 signatures (RFC 7518 §3.3).
public final class RSAPrivateKey: JWSSigningKey, @unchecked Sendable {
    public let algorithm = JWSAlgorithm.rs256
    let key: EVPKey
    private let signer: PKeyContextPool
    public let publicKey: RSAPublicKey

    init(key: EVPKey) throws(JOSEError) {
        publicKey = try RSAPublicKey(key: EVPKey.fromSPKI(key.spkiDER))
        self.key = key
        signer = try PKeyContextPool(key: key, operation: .sign, padding: .pkcs1)
    }

    /// A fresh key (2048 bits by default) from OpenSSL's CSPRNG.
    public static func generate(bits: Int = 2048) throws(JOSEError) -> RSAPrivateKey {
        guard bits >= RSAPublicKey.minimumBits else { throw JOSEError(.invalidKey, "RSA keys need at least 2048 bits") }
        let key = try EVPKey.generate("RSA") { EVP_PKEY_CTX_set_rsa_keygen_bits($0, Int32(bits)) }
        return try RSAPrivateKey(key: key)
    }

    /// PKCS#8 (RFC 5208) or PKCS#1 (RFC 8017 A.1.2) DER.
    public convenience init(der: [UInt8]) throws(JOSEError) {
        try self.init(key: EVPKey.fromPrivateDER(der, ofType: "RSA"))
    }

    /// `BEGIN PRIVATE KEY` (PKCS#8) or `BEGIN RSA PRIVATE KEY` (PKCS#1).
    public convenience init(pem: String) throws(JOSEError) {
        try self.init(der: PEM.decodePrivateKey(pem))
    }

    /// From the JWK members of RFC 7518 §6.3.2, all of which are required here.
    public convenience init(components c: [[UInt8]]) throws(JOSEError) {
        // RFC 8017 A.1.2 RSAPrivateKey: version 0, n, e, d, p, q, dp, dq, qi.
        let der = DER.sequence([DER.smallInteger(0)] + c.map(DER.unsignedInteger))
        try self.init(der: der)
    }

    /// n, e, d, p, q, dp, dq, qi in that order (RFC 7518 §6.3.2).
    var components: [[UInt8]] {
        get throws(JOSEError) {
            try ["n", "e", "d", "rsa-factor1", "rsa-factor2", "rsa-exponent1", "rsa-exponent2", "rsa-coefficient1"]
                .map { (name) throws(JOSEError) in try key.bigEndian(name) }
        }
    }

    public var pkcs8DER: [UInt8] { get throws(JOSEError) { try key.pkcs8DER } }
    public var pkcs8PEM: String { get throws(JOSEError) { try PEM.encode(key.pkcs8DER, label: "PRIVATE KEY") } }

    /// RFC 7518 §3.3: RSASSA-PKCS1-v1_5 with SHA-256 over the JWS Signing Input.
    public func signature(for signingInput: [UInt8]) throws(JOSEError) -> [UInt8] {
        try signer.sign(digest: SHA256.hash(signingInput))
    }
}
