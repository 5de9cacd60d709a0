import Support

/// HS256 (RFC 7518 §3.2). Present for the RFC 7515 A.1 vector; identity-token verifiers never accept it.
public struct HMACKey: JWSVerificationKey, JWSSigningKey {
    public let algorithm = JWSAlgorithm.hs256
    private let secret: [UInt8]

    /// RFC 7518 §3.2: a key of the same size as the hash output (256 bits) or larger MUST be used.
    public init(secret: [UInt8]) throws(JOSEError) {
        guard secret.count >= 32 else { throw JOSEError(.invalidKey, "an HS256 key needs at least 32 bytes") }
        self.secret = secret
    }

    public func signature(for signingInput: [UInt8]) throws(JOSEError) -> [UInt8] {
        HMACSHA256.authenticate(key: secret, data: signingInput)
    }

    public func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8]) -> Bool {
        ConstantTime.equals(HMACSHA256.authenticate(key: secret, data: signingInput), signature)
    }
}
