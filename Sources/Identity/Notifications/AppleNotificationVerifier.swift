import Foundation
import JOSE
import Support

/// Verifies the JWS of an Apple server-to-server notification (Apple, "Processing changes for Sign in
/// with Apple accounts";
/// https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts).
/// Unlike identity tokens, notifications carry
/// no `sub` and usually no `exp`, so this is built from JOSE's pieces instead of loosening
/// `AppleIdentityTokenVerifier`: RS256 only, key by `kid`, `iss`, `aud` ∈ allow-list, `iat` required,
/// `exp` checked when present, `jti` required (de-duplication).
public struct AppleNotificationVerifier: Sendable {
    public struct Verified: Sendable {
        public let audience: String
        public let jti: String
        public let issuedAt: Int64
        public let claims: JWTClaims
    }

    public let audiences: [String]
    public let keySet: RemoteKeySet
    private let checks: ClaimChecks

    /// - Parameter keySet: Apple's `/auth/keys` (the same keys sign identity tokens and notifications,
    ///   https://developer.apple.com/documentation/signinwithapplerestapi/fetch-apple's-public-key-for-verifying-token-signature).
    public init(audiences: [String], keySet: RemoteKeySet, clock: any Clock,
                leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
        guard !audiences.isEmpty, !audiences.contains("") else {
            throw JOSEError(.configuration, "apple.audiences must list the App IDs whose notifications we accept")
        }
        self.audiences = audiences
        self.keySet = keySet
        checks = ClaimChecks(clock: clock, leeway: leeway)
    }

    public func verify(_ payload: String) async throws(JOSEError) -> Verified {
        let jws = try CompactJWS(parsing: payload)
        // The algorithm is Apple's (RS256), never the header's choice (docs/architecture.md rule 10).
        guard jws.header.algorithm == JWSAlgorithm.rs256.rawValue else {
            throw JOSEError(.algorithmMismatch, "notifications must be RS256, this one says \"\(jws.header.algorithm)\"")
        }
        guard let kid = jws.header.keyID else { throw JOSEError(.unknownKey, "the notification header has no \"kid\"") }
        let key = try await keySet.key(for: kid)
        _ = try JWS.verify(payload, with: key)
        let claims = try jws.claims()
        _ = try checks.checkIssuer(claims, allowed: [AppleIdentityTokenVerifier.issuer])
        let audience = try checks.checkAudience(claims, allowed: audiences)
        if claims["exp"] != nil { _ = try checks.checkExpiration(claims) }
        try checks.checkNotBefore(claims)
        let issuedAt = try checks.checkIssuedAt(claims)
        let jti = try claims.requiredString("jti")
        guard !jti.isEmpty, jti.utf8.count <= 200 else { throw JOSEError(.invalidClaim, "the claim \"jti\" is empty or too long") }
        return Verified(audience: audience, jti: jti, issuedAt: issuedAt, claims: claims)
    }
}
