import COpenSSL
import Support

/// An RSA public key for RS256 (RFC 7518 §3.3), parsed once and verified through a context pool.
public final class RSAPublicKey: JWSVerificationKey, @unchecked Sendable {
    public let algorithm = JWSAlgorithm.rs256
    let key: EVPKey
    private let verifier: PKeyContextPool

    /// RFC 7518 §3.3: "A key of size 2048 bits or larger MUST be used with these algorithms."
    static let minimumBits = 2048

    init(key: EVPKey) throws(JOSEError) {
        guard key.isA("RSA") else { throw JOSEError(.invalidKey, "the key is not an RSA key") }
        guard key.bits >= Self.minimumBits else {
            throw JOSEError(.invalidKey, "RSA keys must have at least 2048 bits (RFC 7518 §3.3), this one has \(key.bits)")
        }
        self.key = key
        verifier = try PKeyContextPool(key: key, operation: .verify, padding: .pkcs1)
    }

    /// From the JWK members `n` and `e` (RFC 7518 §6.3.1), unsigned big-endian.
    public convenience init(modulus: [UInt8], exponent: [UInt8]) throws(JOSEError) {
        // RFC 8017 A.1.1 RSAPublicKey inside an RFC 5280 SubjectPublicKeyInfo.
        let rsaPublicKey = DER.sequence([DER.unsignedInteger(modulus), DER.unsignedInteger(exponent)])
        let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
        let spki = DER.sequence([DER.sequence([rsaEncryption, DER.null]), DER.bitString(rsaPublicKey)])
        try self.init(key: EVPKey.fromSPKI(spki))
    }

    public convenience init(spkiDER: [UInt8]) throws(JOSEError) {
        try self.init(key: EVPKey.fromSPKI(spkiDER))
    }

    public convenience init(pem: String) throws(JOSEError) {
        try self.init(spkiDER: PEM.decode(pem, label: "PUBLIC KEY"))
    }

    public var modulus: [UInt8] { get throws(JOSEError) { try key.bigEndian("n") } }
    public var exponent: [UInt8] { get throws(JOSEError) { try key.bigEndian("e") } }
    public var spkiDER: [UInt8] { get throws(JOSEError) { try key.spkiDER } }
    public var pem: String { get throws(JOSEError) { try PEM.encode(key.spkiDER, label: "PUBLIC KEY") } }

    public func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8]) -> Bool {
        // RFC 8017 §8.2.2 step 1: the signature is exactly as long as the modulus.
        guard signature.count == key.maximumSignatureSize else { return false }
        return verifier.verify(signature: signature, digest: SHA256.hash(signingInput))
    }
}
