import Support

/// One of our signing keys (ID tokens, Apple client secret): the private key, its `kid` and its
/// public JWK. The private half is stored only sealed with the master key (docs/architecture.md, Decisions).
public final class SigningKey: Sendable {
    public let keyID: String
    public let algorithm: JWSAlgorithm
    public let publicJWK: JWK
    public let verificationKey: any JWSVerificationKey
    private let privateKey: any JWSSigningKey
    private let pkcs8: [UInt8]

    private init(_ privateKey: any JWSSigningKey, publicKey: any JWSVerificationKey, publicJWK: JWK, pkcs8: [UInt8]) {
        self.publicJWK = publicJWK
        keyID = publicJWK.keyID!
        algorithm = privateKey.algorithm
        verificationKey = publicKey
        self.privateKey = privateKey
        self.pkcs8 = pkcs8
    }

    private convenience init(rsa: RSAPrivateKey, keyID: String?) throws(JOSEError) {
        try self.init(rsa, publicKey: rsa.publicKey, publicJWK: JWK(rsa.publicKey, keyID: keyID), pkcs8: rsa.pkcs8DER)
    }

    private convenience init(p256: P256PrivateKey, keyID: String?) throws(JOSEError) {
        try self.init(p256, publicKey: p256.publicKey, publicJWK: JWK(p256.publicKey, keyID: keyID), pkcs8: p256.pkcs8DER)
    }

    /// A new RSA-2048 (RS256, the default for ID tokens) or P-256 (ES256) key; `kid` is the
    /// RFC 7638 thumbprint of its public JWK.
    public static func generate(_ algorithm: JWSAlgorithm = .rs256) throws(JOSEError) -> SigningKey {
        switch algorithm {
        case .rs256: return try SigningKey(rsa: .generate(), keyID: nil)
        case .es256: return try SigningKey(p256: .generate(), keyID: nil)
        case .hs256: throw JOSEError(.unsupportedAlgorithm, "signing keys are RS256 or ES256")
        }
    }

    /// From PKCS#8 DER (RSA or P-256). `keyID` nil means the thumbprint.
    public convenience init(pkcs8DER der: [UInt8], keyID: String? = nil) throws(JOSEError) {
        let key = try EVPKey.fromPrivateDER(der)
        if key.isA("RSA") {
            try self.init(rsa: RSAPrivateKey(key: key), keyID: keyID)
        } else {
            try self.init(p256: P256PrivateKey(key: key), keyID: keyID)
        }
    }

    /// From PEM, e.g. Apple's `AuthKey_<KEYID>.p8` with `keyID` = that Key ID
    /// (https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret).
    public convenience init(pem: String, keyID: String? = nil) throws(JOSEError) {
        try self.init(pkcs8DER: PEM.decodePrivateKey(pem), keyID: keyID)
    }

    public var pkcs8DER: [UInt8] { pkcs8 }
    public var pkcs8PEM: String { PEM.encode(pkcs8, label: "PRIVATE KEY") }

    /// The associated data binds a sealed key to its `kid`, so rows cannot be swapped unnoticed.
    private static func associatedData(_ keyID: String) -> [UInt8] { Array("accountlink.signing-key:\(keyID)".utf8) }

    /// PKCS#8 DER sealed with AES-256-GCM under the 32-byte master key.
    public func sealedPrivateKey(masterKey: [UInt8], random: any RandomSource = SystemRandom()) throws(JOSEError) -> [UInt8] {
        try AESGCM.seal(pkcs8, key: masterKey, associatedData: Self.associatedData(keyID), random: random)
    }

    /// Opens what `sealedPrivateKey` produced; a wrong master key, kid or any tampering throws.
    public convenience init(sealedPrivateKey sealed: [UInt8], masterKey: [UInt8], keyID: String) throws(JOSEError) {
        let der = try AESGCM.open(sealed, key: masterKey, associatedData: Self.associatedData(keyID))
        try self.init(pkcs8DER: der, keyID: keyID)
    }

    /// A compact JWS over `claims` (sorted keys, unescaped slashes) with this key's `alg` and `kid`.
    public func sign(claims: [String: JSONValue], type: String? = "JWT") throws(JOSEError) -> String {
        try JWS.sign(claims: claims, with: privateKey, keyID: keyID, type: type)
    }

    public func sign(payload: [UInt8], type: String? = "JWT") throws(JOSEError) -> String {
        try JWS.sign(payload: payload, with: privateKey, keyID: keyID, type: type)
    }
}

extension Array where Element == SigningKey {
    /// The published JWK Set of our public keys (OIDC Discovery `jwks_uri`).
    public var jwkSet: JWKSet { JWKSet(keys: map(\.publicJWK)) }
}
