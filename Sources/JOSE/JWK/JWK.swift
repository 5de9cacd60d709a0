import Support

/// A JSON Web Key (RFC 7517 §4) kept as its members, so unknown members survive a round trip.
public struct JWK: Sendable, Equatable {
    public var members: [String: JSONValue]

    public init(members: [String: JSONValue]) { self.members = members }

    public init(json: String) throws(JOSEError) {
        members = try JSONParser.parseObject(Array(json.utf8), what: "the JWK")
    }

    public var keyType: String? { members["kty"]?.stringValue }
    public var keyID: String? {
        get { members["kid"]?.stringValue }
        set { members["kid"] = newValue.map(JSONValue.string) }
    }
    public var use: String? { members["use"]?.stringValue }
    public var algorithm: String? { members["alg"]?.stringValue }
    public var isPrivate: Bool { members["d"] != nil || members["k"] != nil }

    /// Compact JSON with sorted keys.
    public var serialized: String { JSONValue.object(members).serialized }

    /// A base64url member decoded strictly (RFC 7518 §6: Base64urlUInt and octet values).
    func bytes(_ name: String) throws(JOSEError) -> [UInt8] {
        guard let text = members[name]?.stringValue else {
            throw JOSEError(.invalidKey, "the JWK has no \"\(name)\" string member")
        }
        do {
            return try Base64URL.decode(text)
        } catch {
            throw JOSEError(.invalidKey, "the JWK member \"\(name)\" is not valid base64url: \(error.description)")
        }
    }

    /// RFC 7638 §3: SHA-256 over the required members in lexicographic order, no whitespace.
    public func thumbprint() throws(JOSEError) -> String {
        let required: [String]
        switch keyType {
        case "RSA": required = ["e", "kty", "n"]  // RFC 7638 §3.2
        case "EC": required = ["crv", "kty", "x", "y"]
        case "oct": required = ["k", "kty"]
        default: throw JOSEError(.invalidKey, "cannot compute a thumbprint for kty \(keyType ?? "(none)")")
        }
        var subset: [String: JSONValue] = [:]
        for name in required {
            guard let value = members[name]?.stringValue else {
                throw JOSEError(.invalidKey, "the JWK lacks \"\(name)\", required for its thumbprint")
            }
            subset[name] = .string(value)
        }
        return Base64URL.encode(SHA256.hash(JSONValue.object(subset).serialized))
    }

    /// The public key this JWK describes, usable only with the algorithm its type implies.
    /// RFC 7517 §4.2/§4.4: a `use` other than "sig" or an `alg` other than ours is refused.
    public func verificationKey() throws(JOSEError) -> any JWSVerificationKey {
        if let use, use != "sig" { throw JOSEError(.invalidKey, "the JWK is for \"\(use)\", not signatures") }
        let key: any JWSVerificationKey
        switch (keyType, members["crv"]?.stringValue) {
        case ("RSA", _): key = try RSAPublicKey(modulus: bytes("n"), exponent: bytes("e"))
        case ("EC", "P-256"): key = try P256PublicKey(x: bytes("x"), y: bytes("y"))
        case ("EC", let curve): throw JOSEError(.invalidKey, "the EC curve \(curve ?? "(none)") is not supported")
        case ("oct", _): key = try HMACKey(secret: bytes("k"))
        default: throw JOSEError(.invalidKey, "the key type \(keyType ?? "(none)") is not supported")
        }
        if let algorithm, algorithm != key.algorithm.rawValue {
            throw JOSEError(.invalidKey, "the JWK says alg \(algorithm) but a \(keyType ?? "") key is used with \(key.algorithm.rawValue)")
        }
        return key
    }
}
