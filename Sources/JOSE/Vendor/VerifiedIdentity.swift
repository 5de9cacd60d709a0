/// What a verified Apple or Google identity token says about the person. Only built by verifiers.
public struct VerifiedIdentity: Sendable, Equatable {
    public let issuer: String
    /// The stable user ID (`sub`): key identities by this, never by email.
    public let subject: String
    /// The configured client ID the token was issued to.
    public let audience: String
    public let email: String?
    public let emailVerified: Bool?
    /// Apple: the address is a private relay address. Absent means "not said", not false.
    public let isPrivateEmail: Bool?
    /// Apple `real_user_status`: 0 unsupported, 1 unknown, 2 likely real; only on first sign-in.
    public let realUserStatus: Int?
    public let nonce: String?
    /// Google: the authorized presenter's client ID.
    public let authorizedParty: String?
    /// Google: the Workspace hosted domain.
    public let hostedDomain: String?
    public let givenName: String?
    public let familyName: String?
    public let issuedAt: Int64
    public let expiresAt: Int64
    /// Every claim, for callers that need one not listed above (`transfer_sub`, `org_id`, …).
    public let claims: JWTClaims

    public var azp: String? { authorizedParty }
    public var hd: String? { hostedDomain }
}

/// The parts every identity token shares, checked in order: signature first, then claims.
struct IdentityTokenCore {
    let claims: JWTClaims
    let issuer: String
    let subject: String
    let audience: String
    let issuedAt: Int64
    let expiresAt: Int64

    /// OIDC Core §3.1.3.7 steps 2–10 for a token already verified against the provider's key.
    init(jws: CompactJWS, checks: ClaimChecks, issuers: [String], audiences: [String]) throws(JOSEError) {
        claims = try jws.claims()
        issuer = try checks.checkIssuer(claims, allowed: issuers)
        audience = try checks.checkAudience(claims, allowed: audiences)
        expiresAt = try checks.checkExpiration(claims)
        try checks.checkNotBefore(claims)
        issuedAt = try checks.checkIssuedAt(claims)
        subject = try claims.requiredString("sub")
        guard !subject.isEmpty else { throw JOSEError(.invalidClaim, "the claim \"sub\" is empty") }
    }

    /// Resolves the header's `kid` in the provider's key set and verifies with `algorithm` only.
    static func verifySignature(_ token: String, keySet: RemoteKeySet, algorithm: JWSAlgorithm) async throws(JOSEError) -> CompactJWS {
        let jws = try CompactJWS(parsing: token)
        guard jws.header.algorithm == algorithm.rawValue else {
            throw JOSEError(.algorithmMismatch, "identity tokens must be \(algorithm.rawValue), this one says \"\(jws.header.algorithm)\"")
        }
        guard let kid = jws.header.keyID else { throw JOSEError(.unknownKey, "the token header has no \"kid\"") }
        let key = try await keySet.key(for: kid)
        try JWS.check(jws, with: key)
        return jws
    }
}
