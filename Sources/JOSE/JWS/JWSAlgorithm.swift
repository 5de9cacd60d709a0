/// The algorithms this module implements (RFC 7518 §3.1). There is deliberately no `none`
/// (RFC 8725 §3.2): an unsecured JWS cannot even be represented.
public enum JWSAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256"
    case es256 = "ES256"
    /// Only for the RFC 7515 A.1 vector and symmetric test fixtures, never for identity tokens.
    case hs256 = "HS256"
}

/// A key that checks signatures. Its algorithm is fixed by the key (RFC 8725 §3.1), never by a header.
public protocol JWSVerificationKey: Sendable {
    var algorithm: JWSAlgorithm { get }
    /// True only when `signature` is a valid JWS Signature (RFC 7515 §5.2 step 8) over `signingInput`.
    func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8]) -> Bool
}

/// A key that produces JWS signatures in the JOSE form (raw r‖s for ECDSA, RFC 7518 §3.4).
public protocol JWSSigningKey: Sendable {
    var algorithm: JWSAlgorithm { get }
    func signature(for signingInput: [UInt8]) throws(JOSEError) -> [UInt8]
}
