import Foundation
import Support

/// Verifies Google ID tokens (Google, "Authenticate with a backend server",
/// https://developers.google.com/identity/sign-in/web/backend-auth).
public struct GoogleIdentityTokenVerifier: Sendable {
    /// Both spellings appear in Google's tokens
    /// (https://developers.google.com/identity/sign-in/web/backend-auth).
    public static let issuers = ["https://accounts.google.com", "accounts.google.com"]

    public struct Configuration: Sendable {
        /// Our OAuth client IDs that may appear in `aud`. Required and non-empty.
        public let audiences: [String]
        public let keysURL: URL
        /// When not empty, only accounts of one of these Workspace domains (`hd`) are accepted
        /// (https://developers.google.com/identity/sign-in/ios/backend-auth: "verify the hd claim").
        public let hostedDomains: [String]
        public let leeway: Int64

        public init(audiences: [String], keysURL: URL = URL(string: "https://www.googleapis.com/oauth2/v3/certs")!,
                    hostedDomains: [String] = [], leeway: Int64 = ClaimChecks.defaultLeeway) throws(JOSEError) {
            guard !audiences.isEmpty, !audiences.contains("") else {
                throw JOSEError(.configuration, "google.audiences must list at least one OAuth client ID")
            }
            self.audiences = audiences
            self.keysURL = keysURL
            self.hostedDomains = hostedDomains
            self.leeway = leeway
        }
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

    /// - Parameter nonce: the nonce sent in the authentication request, compared as given.
    public func verify(_ token: String, nonce expectedNonce: String?) async throws(JOSEError) -> VerifiedIdentity {
        let jws = try await IdentityTokenCore.verifySignature(token, keySet: keySet, algorithm: .rs256)
        let core = try IdentityTokenCore(jws: jws, checks: checks, issuers: Self.issuers, audiences: configuration.audiences)
        let claims = core.claims
        var nonce = try claims.string("nonce")
        if let expectedNonce { nonce = try checks.checkNonce(claims, expected: expectedNonce) }
        let hostedDomain = try claims.string("hd")
        let required = configuration.hostedDomains
        if !required.isEmpty, !(hostedDomain.map { required.containsBytes($0) } ?? false) {
            throw JOSEError(.hostedDomainMismatch, "the account is not in one of the Workspace domains \(required)")
        }
        return VerifiedIdentity(
            issuer: core.issuer, subject: core.subject, audience: core.audience,
            email: try claims.string("email"), emailVerified: try claims.flexibleBool("email_verified"),
            isPrivateEmail: nil, realUserStatus: nil, nonce: nonce, authorizedParty: try claims.string("azp"),
            hostedDomain: hostedDomain, givenName: try claims.string("given_name"),
            familyName: try claims.string("family_name"), issuedAt: core.issuedAt, expiresAt: core.expiresAt,
            claims: claims)
    }
}
