import Support

/// The claim checks of RFC 7519 §4.1 as small named functions, run in order by the verifiers.
/// Times come from an injected clock; `leeway` absorbs clock skew (RFC 7519 §4.1.4 "some small leeway").
public struct ClaimChecks: Sendable {
    public static let defaultLeeway: Int64 = 60

    public let clock: any Clock
    public let leeway: Int64

    public init(clock: any Clock, leeway: Int64 = ClaimChecks.defaultLeeway) {
        self.clock = clock
        self.leeway = leeway
    }

    /// RFC 7519 §4.1.1: `iss` compared exactly (no normalisation) with one of the allowed values.
    public func checkIssuer(_ claims: JWTClaims, allowed: [String]) throws(JOSEError) -> String {
        let issuer = try claims.requiredString("iss")
        guard allowed.containsBytes(issuer) else {
            throw JOSEError(.issuerMismatch, "the issuer \"\(issuer)\" is not \(allowed.joined(separator: " or "))")
        }
        return issuer
    }

    /// RFC 7519 §4.1.3: the token must name one of our audiences; returns the one it named.
    public func checkAudience(_ claims: JWTClaims, allowed: [String]) throws(JOSEError) -> String {
        guard !allowed.isEmpty else { throw JOSEError(.configuration, "no allowed audience is configured") }
        let audiences = try claims.audiences()
        guard !audiences.isEmpty else { throw JOSEError(.missingClaim, "the claim \"aud\" is missing") }
        guard let match = audiences.first(where: { allowed.containsBytes($0) }) else {
            throw JOSEError(.audienceMismatch, "the audience \(audiences) contains none of the configured client IDs")
        }
        return match
    }

    /// RFC 7519 §4.1.4: now must be before `exp` (plus leeway). Required here.
    public func checkExpiration(_ claims: JWTClaims) throws(JOSEError) -> Int64 {
        guard let exp = try claims.numericDate("exp") else { throw JOSEError(.missingClaim, "the claim \"exp\" is missing") }
        let now = clock.unixTime
        guard now < exp + leeway else { throw JOSEError(.expired, "the token expired \(now - exp) s ago") }
        return exp
    }

    /// RFC 7519 §4.1.5: not before `nbf` (minus leeway), when present.
    public func checkNotBefore(_ claims: JWTClaims) throws(JOSEError) {
        guard let nbf = try claims.numericDate("nbf") else { return }
        let now = clock.unixTime
        guard now + leeway >= nbf else { throw JOSEError(.notYetValid, "the token is not valid for another \(nbf - now) s") }
    }

    /// RFC 7519 §4.1.6 / OIDC Core §2: `iat` required and not in the future (beyond leeway).
    public func checkIssuedAt(_ claims: JWTClaims) throws(JOSEError) -> Int64 {
        guard let iat = try claims.numericDate("iat") else { throw JOSEError(.missingClaim, "the claim \"iat\" is missing") }
        let now = clock.unixTime
        guard iat <= now + leeway else { throw JOSEError(.issuedInFuture, "the token was issued \(iat - now) s in the future") }
        return iat
    }

    /// OIDC Core §3.1.3.7 step 11: when a nonce was sent, the claim must equal it (constant time).
    public func checkNonce(_ claims: JWTClaims, expected: String) throws(JOSEError) -> String {
        guard let nonce = try claims.string("nonce") else {
            throw JOSEError(.nonceMismatch, "a nonce was expected but the token carries none")
        }
        guard ConstantTime.equals(nonce, expected) else {
            throw JOSEError(.nonceMismatch, "the token's nonce does not match the expected value")
        }
        return nonce
    }
}
