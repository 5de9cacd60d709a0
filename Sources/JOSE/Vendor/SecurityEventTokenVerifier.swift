import Foundation
import Support

/// Verifies Google's Cross-Account Protection security event tokens (RFC 8417; Google,
/// https://developers.google.com/identity/protocols/risc "Validate the security event token"):
/// key by `kid` from the RISC configuration's `jwks_uri`, the algorithm fixed by that key (never
/// symmetric), `iss` equal to the configuration's issuer, `aud` among our Google client IDs, `iat`
/// required, `jti` and `events` required, and no `exp` requirement (events describe the past).
public struct SecurityEventTokenVerifier: Sendable {
    public struct Verified: Sendable {
        public let issuer: String
        public let audience: String
        public let jti: String
        public let issuedAt: Int64
        /// RFC 8417 §2.2 `events`: event-type URI → that event's object.
        public let events: [String: JSONValue]
    }

    public let audiences: [String]
    public let configuration: RiscConfigurationSource
    private let checks: ClaimChecks

    public init(audiences: [String], configuration: RiscConfigurationSource, clock: any Clock,
                leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
        guard !audiences.isEmpty, !audiences.contains("") else {
            throw JOSEError(.configuration, "google.audiences must list the client IDs whose events we accept")
        }
        self.audiences = audiences
        self.configuration = configuration
        checks = ClaimChecks(clock: clock, leeway: leeway)
    }

    public func verify(_ token: String) async throws(JOSEError) -> Verified {
        let jws = try CompactJWS(parsing: token)
        guard let kid = jws.header.keyID else { throw JOSEError(.unknownKey, "the token header has no \"kid\"") }
        let (document, keySet) = try await configuration.resolve()
        let key = try await keySet.key(for: kid)
        guard key.algorithm != .hs256 else {
            throw JOSEError(.algorithmMismatch, "a symmetric key never verifies a security event token")
        }
        try JWS.check(jws, with: key)
        let claims = try jws.claims()
        let issuer = try checks.checkIssuer(claims, allowed: [document.issuer])
        let audience = try checks.checkAudience(claims, allowed: audiences)
        try checks.checkNotBefore(claims)
        let issuedAt = try checks.checkIssuedAt(claims)
        let jti = try claims.requiredString("jti")
        guard !jti.isEmpty, jti.utf8.count <= 200 else { throw JOSEError(.invalidClaim, "the claim \"jti\" is empty or too long") }
        guard case .object(let events)? = claims["events"], !events.isEmpty else {
            throw JOSEError(.missingClaim, "the claim \"events\" is missing or not a non-empty object (RFC 8417 §2.2)")
        }
        return Verified(issuer: issuer, audience: audience, jti: jti, issuedAt: issuedAt, events: events)
    }
}
