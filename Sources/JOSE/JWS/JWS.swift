import Support

/// Compact JWS signing and verification (RFC 7515 §5). The algorithm always comes from the key.
public enum JWS {
    /// Verifies `token` with one known key. The header's `alg` must equal the key's algorithm
    /// (RFC 8725 §3.1); a mismatch is refused before any cryptography.
    public static func verify(_ token: String, with key: some JWSVerificationKey) throws(JOSEError) -> CompactJWS {
        let jws = try CompactJWS(parsing: token)
        try check(jws, with: key)
        return jws
    }

    /// Verifies `token` with the key its `kid` names in `keys`, insisting on `algorithm`.
    public static func verify(_ token: String, keys: VerificationKeySet, algorithm: JWSAlgorithm) throws(JOSEError) -> CompactJWS {
        let jws = try CompactJWS(parsing: token)
        guard jws.header.algorithm == algorithm.rawValue else {
            throw JOSEError(.algorithmMismatch, "the header says \"\(jws.header.algorithm)\" but only \(algorithm.rawValue) is accepted")
        }
        guard let kid = jws.header.keyID else { throw JOSEError(.unknownKey, "the token header has no \"kid\"") }
        guard let key = keys[kid] else { throw JOSEError(.unknownKey, "no key with kid \"\(kid)\" is known") }
        try check(jws, with: key)
        return jws
    }

    static func check(_ jws: CompactJWS, with key: some JWSVerificationKey) throws(JOSEError) {
        guard jws.header.algorithm == key.algorithm.rawValue else {
            throw JOSEError(.algorithmMismatch,
                            "the header says \"\(jws.header.algorithm)\" but the key is for \(key.algorithm.rawValue)")
        }
        guard key.isValidSignature(jws.signature, for: jws.signingInput) else {
            throw JOSEError(.invalidSignature, "the signature does not verify with the \(key.algorithm.rawValue) key")
        }
    }

    /// Signs `payload` (RFC 7515 §5.1). The header is `{"alg","kid","typ"}` with sorted keys.
    public static func sign(payload: [UInt8], with key: some JWSSigningKey, keyID: String?,
                            type: String? = "JWT") throws(JOSEError) -> String {
        var header: [String: JSONValue] = ["alg": .string(key.algorithm.rawValue)]
        if let keyID { header["kid"] = .string(keyID) }
        if let type { header["typ"] = .string(type) }
        let signingInput = Base64URL.encode(JSONValue.object(header).serialized) + "." + Base64URL.encode(payload)
        let signature = try key.signature(for: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Signs a claims object serialised with sorted keys and unescaped slashes
    /// (docs/architecture.md platform note 9): our ID tokens and Apple's ES256 client secret.
    public static func sign(claims: [String: JSONValue], with key: some JWSSigningKey, keyID: String?,
                            type: String? = "JWT") throws(JOSEError) -> String {
        try sign(payload: Array(JSONValue.object(claims).serialized.utf8), with: key, keyID: keyID, type: type)
    }
}
