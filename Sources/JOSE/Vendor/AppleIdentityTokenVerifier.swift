import Foundation
import Support

/// Verifies Sign in with Apple identity tokens (Apple, "Verifying a user",
/// https://developer.apple.com/documentation/signinwithapple/verifying-a-user).
public struct AppleIdentityTokenVerifier: Sendable {
    public static let issuer = "https://appleid.apple.com"

    public struct Configuration: Sendable {
        /// Bundle IDs and Services IDs that may appear in `aud`. Required and non-empty.
        public let audiences: [String]
        public let baseURL: URL
        public let leeway: Int64

        public init(audiences: [String], baseURL: URL = URL(string: "https://appleid.apple.com")!,
                    leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
            guard !audiences.isEmpty, !audiences.contains("") else {
                throw JOSEError(.configuration, "apple.audiences must list at least one bundle ID or Services ID")
            }
            self.audiences = audiences
            self.baseURL = baseURL
            self.leeway = leeway
        }

        public var keysURL: URL { baseURL.appendingPathComponent("auth").appendingPathComponent("keys") }
    }

    public let configuration: Configuration
    public let keySet: RemoteKeySet
    private let checks: ClaimChecks

    public init(configuration: Configuration, keySet: RemoteKeySet, clock: any Clock) {
        self.configuration = configuration
        self.keySet = keySet
        checks = ClaimChecks(clock: clock, leeway: configuration.leeway)
    }

    public init(configuration: Configuration, clock: any Clock,
                fetcher: any KeySetFetcher = URLSessionKeySetFetcher(), logger: Logger = .silent) {
        let keySet = RemoteKeySet(url: configuration.keysURL, clock: clock, fetcher: fetcher, logger: logger)
        self.init(configuration: configuration, keySet: keySet, clock: clock)
    }

    /// - Parameter rawNonce: the raw nonce the app generated; the token's `nonce` must equal
    ///   lowercase-hex SHA-256 of it (the convention of https://firebase.google.com/docs/auth/ios/apple; the
    ///   raw value itself is refused). Pass nil only when the sign-in request carried no nonce.
    public func verify(_ token: String, rawNonce: String?) async throws(JOSEError) -> VerifiedIdentity {
        // Apple signs with RS256 only
        // (https://developer.apple.com/documentation/signinwithapplerestapi/fetch-apple's-public-key-for-verifying-token-signature):
        // ES256, HS256 and none are refused.
        let jws = try await IdentityTokenCore.verifySignature(token, keySet: keySet, algorithm: .rs256)
        let core = try IdentityTokenCore(jws: jws, checks: checks, issuers: [Self.issuer], audiences: configuration.audiences)
        let claims = core.claims
        var nonce = try claims.string("nonce")
        if let rawNonce {
            nonce = try checks.checkNonce(claims, expected: Hex.encode(SHA256.hash(rawNonce)))
        }
        return VerifiedIdentity(
            issuer: core.issuer, subject: core.subject, audience: core.audience,
            email: try claims.string("email").flatMap { $0.isEmpty ? nil : $0 },
            emailVerified: try claims.flexibleBool("email_verified"),
            isPrivateEmail: try claims.flexibleBool("is_private_email"),
            realUserStatus: try claims.numericDate("real_user_status").map { Int($0) },
            nonce: nonce, authorizedParty: try claims.string("azp"), hostedDomain: nil,
            givenName: nil, familyName: nil, issuedAt: core.issuedAt, expiresAt: core.expiresAt, claims: claims)
    }
}
