import Foundation
import Support

/// The one verifier of a provider's signed events: Apple's server-to-server notifications
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts)
/// and Google's Cross-Account Protection security event tokens (RFC 8417;
/// https://developers.google.com/identity/protocols/risc, "Validate the security event token").
/// Events carry no `sub` and need not carry `exp`, so this is built from JOSE's pieces instead of loosening
/// the identity-token verifiers. The checks, in order: key by `kid`; the algorithm fixed by the provider or,
/// where the provider names none, by the key (never the header's choice, never symmetric:
/// docs/architecture.md rule 10); `iss`; `aud` ∈ allow-list; `nbf`; `iat` required; `jti` required (de-duplication).
/// What differs between the providers is data (`Profile`).
public struct SignedEventVerifier: Sendable {
    public struct Verified: Sendable {
        public let issuer: String
        public let audience: String
        public let jti: String
        public let issuedAt: Int64
        public let claims: JWTClaims
        /// RFC 8417 §2.2 `events` when it is an object: event-type URI → that event's object.
        public var events: [String: JSONValue] { claims["events"]?.objectValue ?? [:] }
    }

    /// Where a provider's keys and the issuer of its events come from.
    public enum Keys: Sendable {
        /// A published key set and a fixed issuer (Apple's `/auth/keys`, `https://appleid.apple.com`).
        case published(RemoteKeySet, issuer: String)
        /// A discovery document that names both (Google's RISC configuration).
        case discovered(RiscConfigurationSource)

        func resolve() async throws(JOSEError) -> (issuer: String, keySet: RemoteKeySet) {
            switch self {
            case .published(let keySet, let issuer): return (issuer, keySet)
            case .discovered(let source):
                let (document, keySet) = try await source.resolve()
                return (document.issuer, keySet)
            }
        }
    }

    /// What one provider's events differ in.
    public struct Profile: Sendable {
        public let keys: Keys
        /// The one algorithm accepted (Apple: RS256), checked on the header before any key is fetched; nil:
        /// the key's algorithm, never a symmetric one.
        public let algorithm: JWSAlgorithm?
        /// Whether `exp` is checked when present (Apple). RFC 8417 §2.2: a SET describes the past, so Google's
        /// events are not refused for their age beyond the `iat` rule.
        public let checksExpiration: Bool
        /// Whether `events` must be a non-empty object (RFC 8417 §2.2). Apple's `events` may be a JSON string;
        /// its reader checks it.
        public let requiresEventsObject: Bool
    }

    public let audiences: [String]
    public let profile: Profile
    private let checks: ClaimChecks

    /// - Parameter setting: the setting that lists `audiences`, named when it is empty.
    public init(audiences: [String], profile: Profile, setting: String, clock: any Clock,
                leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
        guard !audiences.isEmpty, !audiences.contains("") else {
            throw JOSEError(.configuration, "\(setting) must list the client IDs whose events we accept")
        }
        self.audiences = audiences
        self.profile = profile
        checks = ClaimChecks(clock: clock, leeway: leeway)
    }

    public func verify(_ token: String) async throws(JOSEError) -> Verified {
        let jws = try CompactJWS(parsing: token)
        let issuer = try await checkSignature(jws)
        return try checkClaims(try jws.claims(), issuer: issuer)
    }

    /// The signature with the key its `kid` names; answers the issuer the keys belong to.
    private func checkSignature(_ jws: CompactJWS) async throws(JOSEError) -> String {
        if let fixed = profile.algorithm, !jws.header.algorithm.sameBytes(fixed.rawValue) {
            throw JOSEError(.algorithmMismatch, "events must be \(fixed.rawValue), this one says \"\(jws.header.algorithm)\"")
        }
        guard let kid = jws.header.keyID else { throw JOSEError(.unknownKey, "the token header has no \"kid\"") }
        let (issuer, keySet) = try await profile.keys.resolve()
        let key = try await keySet.key(for: kid)
        guard key.algorithm != .hs256 else {
            throw JOSEError(.algorithmMismatch, "a symmetric key never verifies a provider's event")
        }
        try JWS.check(jws, with: key)
        return issuer
    }

    private func checkClaims(_ claims: JWTClaims, issuer: String) throws(JOSEError) -> Verified {
        let issuer = try checks.checkIssuer(claims, allowed: [issuer])
        let audience = try checks.checkAudience(claims, allowed: audiences)
        if profile.checksExpiration, claims["exp"] != nil { _ = try checks.checkExpiration(claims) }
        try checks.checkNotBefore(claims)
        let issuedAt = try checks.checkIssuedAt(claims)
        let jti = try claims.requiredString("jti")
        guard !jti.isEmpty, jti.utf8.count <= 200 else { throw JOSEError(.invalidClaim, "the claim \"jti\" is empty or too long") }
        if profile.requiresEventsObject {
            guard case .object(let events)? = claims["events"], !events.isEmpty else {
                throw JOSEError(.missingClaim, "the claim \"events\" is missing or not a non-empty object (RFC 8417 §2.2)")
            }
        }
        return Verified(issuer: issuer, audience: audience, jti: jti, issuedAt: issuedAt, claims: claims)
    }
}

/// Apple's server-to-server notifications: the one verifier with Apple's profile.
public typealias AppleNotificationVerifier = SignedEventVerifier
/// Google's security event tokens: the one verifier with Google's profile.
public typealias SecurityEventTokenVerifier = SignedEventVerifier

extension SignedEventVerifier {
    /// Apple's notifications: RS256 only, from Apple's `/auth/keys` (the same keys sign identity tokens and
    /// notifications, https://developer.apple.com/documentation/signinwithapplerestapi/fetch-apple's-public-key-for-verifying-token-signature),
    /// `iss` Apple's, `exp` checked when present.
    public init(audiences: [String], keySet: RemoteKeySet, clock: any Clock,
                leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
        let profile = Profile(keys: .published(keySet, issuer: AppleIdentityTokenVerifier.issuer), algorithm: .rs256,
                              checksExpiration: true, requiresEventsObject: false)
        try self.init(audiences: audiences, profile: profile, setting: "apple.audiences", clock: clock, leeway: leeway)
    }

    /// Google's security event tokens: the key and the issuer from the RISC configuration, the algorithm the
    /// key's, no `exp` rule, `events` required.
    public init(audiences: [String], configuration: RiscConfigurationSource, clock: any Clock,
                leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
        let profile = Profile(keys: .discovered(configuration), algorithm: nil, checksExpiration: false,
                              requiresEventsObject: true)
        try self.init(audiences: audiences, profile: profile, setting: "google.audiences", clock: clock, leeway: leeway)
    }
}
