/// A JWK Set (RFC 7517 §5).
public struct JWKSet: Sendable, Equatable {
    public var keys: [JWK]

    public init(keys: [JWK]) { self.keys = keys }

    public init(json: [UInt8]) throws(JOSEError) {
        let object = try JSONParser.parseObject(json, what: "the JWK Set")
        guard let entries = object["keys"]?.arrayValue else {
            throw JOSEError(.malformed, "the JWK Set has no \"keys\" array (RFC 7517 §5.1)")
        }
        var keys: [JWK] = []
        for entry in entries {
            guard let members = entry.objectValue else { throw JOSEError(.malformed, "a JWK Set entry is not an object") }
            keys.append(JWK(members: members))
        }
        self.keys = keys
    }

    /// `{"keys":[…]}`, sorted keys. Only public keys belong in a published set.
    public var serialized: String { JSONValue.object(["keys": .array(keys.map { .object($0.members) })]).serialized }

    /// The usable verification keys by `kid`. RFC 7517 §5: keys that cannot be used (unknown
    /// `kty`, another curve, no `kid`, a duplicate `kid`) are ignored rather than failing the set.
    public func verificationKeys() -> VerificationKeySet {
        var byID: [String: any JWSVerificationKey] = [:]
        var duplicates: Set<String> = []
        for jwk in keys where !jwk.isPrivate {
            guard let kid = jwk.keyID, let key = try? jwk.verificationKey() else { continue }
            if byID[kid] != nil { duplicates.insert(kid) }
            byID[kid] = key
        }
        for kid in duplicates { byID[kid] = nil }
        return VerificationKeySet(byID)
    }
}

/// Verification keys by `kid`, ready to use (each key parsed once).
public struct VerificationKeySet: Sendable {
    private let keys: [String: any JWSVerificationKey]

    public init(_ keys: [String: any JWSVerificationKey]) { self.keys = keys }

    public subscript(kid: String) -> (any JWSVerificationKey)? { keys[kid] }
    public var keyIDs: Set<String> { Set(keys.keys) }
    public var isEmpty: Bool { keys.isEmpty }
}
