import Support

/// JWK export of our key types (RFC 7518 §6.2, §6.3). `kid` defaults to the RFC 7638 thumbprint.
extension JWK {
    public init(_ key: RSAPublicKey, keyID: String? = nil) throws(JOSEError) {
        members = ["kty": "RSA", "n": .string(Base64URL.encode(try key.modulus)),
                   "e": .string(Base64URL.encode(try key.exponent)), "alg": "RS256", "use": "sig"]
        try assignKeyID(keyID)
    }

    public init(_ key: P256PublicKey, keyID: String? = nil) throws(JOSEError) {
        members = ["kty": "EC", "crv": "P-256", "x": .string(Base64URL.encode(try key.x)),
                   "y": .string(Base64URL.encode(try key.y)), "alg": "ES256", "use": "sig"]
        try assignKeyID(keyID)
    }

    /// A private JWK (RFC 7518 §6.3.2) with every CRT member.
    public init(privateKey key: RSAPrivateKey, keyID: String? = nil) throws(JOSEError) {
        try self.init(key.publicKey, keyID: keyID)
        let names = ["n", "e", "d", "p", "q", "dp", "dq", "qi"]
        for (name, value) in zip(names, try key.components) { members[name] = .string(Base64URL.encode(value)) }
    }

    public init(privateKey key: P256PrivateKey, keyID: String? = nil) throws(JOSEError) {
        try self.init(key.publicKey, keyID: keyID)
        members["d"] = .string(Base64URL.encode(try key.d))
    }

    private mutating func assignKeyID(_ keyID: String?) throws(JOSEError) {
        if let keyID { members["kid"] = .string(keyID) } else { members["kid"] = .string(try thumbprint()) }
    }

    /// The signing key a private JWK describes.
    public func signingKey() throws(JOSEError) -> any JWSSigningKey {
        switch (keyType, members["crv"]?.stringValue) {
        case ("RSA", _):
            let names = ["n", "e", "d", "p", "q", "dp", "dq", "qi"]
            return try RSAPrivateKey(components: names.map { (name) throws(JOSEError) in try bytes(name) })
        case ("EC", "P-256"): return try P256PrivateKey(d: bytes("d"), x: bytes("x"), y: bytes("y"))
        case ("oct", _): return try HMACKey(secret: bytes("k"))
        default: throw JOSEError(.invalidKey, "no private key of type \(keyType ?? "(none)") is supported")
        }
    }
}
