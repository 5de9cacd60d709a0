import Foundation
import JOSE
import Support
import Synchronization

/// The `client_secret` Apple's REST endpoints require: an ES256 JWT signed with the team's Sign in
/// with Apple key (.p8). Apple, "Creating a client secret",
/// https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret;
/// https://developer.apple.com/documentation/technotes/tn3107-resolving-sign-in-with-apple-response-errors.
/// One secret per client id (bundle ID or Services ID,
/// https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens), cached and
/// renewed before it expires.
public final class AppleClientSecret: Sendable {
    /// Apple's ceiling for `exp - now` (≈ 6 months), from the page above.
    public static let maximumLifetime: TimeInterval = 15_777_000
    public static let audience = "https://appleid.apple.com"

    public struct Configuration: Sendable {
        /// The 10-character Team ID (`iss`).
        public let teamID: String
        /// Seconds from `iat` to `exp`: short lifetimes limit the damage of a leaked secret.
        public let lifetime: TimeInterval
        /// A cached secret is replaced this long before its `exp`.
        public let renewalMargin: TimeInterval

        public init(teamID: String, lifetime: TimeInterval = 3600, renewalMargin: TimeInterval = 300) throws {
            guard !teamID.isEmpty else { throw ProviderCallError.configuration("apple.team_id is empty") }
            guard lifetime > renewalMargin, renewalMargin >= 0 else {
                throw ProviderCallError.configuration("the client secret lifetime must exceed the renewal margin")
            }
            guard lifetime <= AppleClientSecret.maximumLifetime else {
                throw ProviderCallError.configuration("the client secret lifetime exceeds 15777000 s (Apple's limit)")
            }
            self.teamID = teamID
            self.lifetime = lifetime
            self.renewalMargin = renewalMargin
        }
    }

    private struct Cached {
        let secret: String
        let expiresAt: Int64
    }

    public let configuration: Configuration
    private let key: SigningKey
    private let clock: any Clock
    private let cache = Mutex<[String: Cached]>([:])

    /// - Parameter key: the P-256 key from `AuthKey_<KEYID>.p8`, loaded with `SigningKey(pem:keyID:)`
    ///   so that its `keyID` is Apple's Key ID (the `kid` header).
    public init(configuration: Configuration, key: SigningKey, clock: any Clock) throws {
        guard key.algorithm == .es256 else {
            throw ProviderCallError.configuration("the Sign in with Apple key must be a P-256 (ES256) key")
        }
        self.configuration = configuration
        self.key = key
        self.clock = clock
    }

    /// Loads Apple's `.p8` (PKCS#8 PEM) with its Key ID.
    public convenience init(configuration: Configuration, privateKeyPEM: String, keyID: String,
                            clock: any Clock) throws {
        try self.init(configuration: configuration, key: SigningKey(pem: privateKeyPEM, keyID: keyID), clock: clock)
    }

    public var keyID: String { key.keyID }

    /// The secret whose `sub` is `clientID`, reused until `renewalMargin` before its expiry.
    public func secret(for clientID: String) throws -> String {
        let now = clock.unixTime
        let margin = Int64(configuration.renewalMargin)
        if let cached = cache.withLock({ $0[clientID] }), now < cached.expiresAt - margin {
            return cached.secret
        }
        let expiresAt = now + Int64(configuration.lifetime)
        let claims: [String: JSONValue] = [
            "iss": .string(configuration.teamID), "iat": .int(now), "exp": .int(expiresAt),
            "aud": .string(Self.audience), "sub": .string(clientID),
        ]
        // Header {"alg":"ES256","kid":KEY_ID} exactly as Apple's example; JOSE emits raw r‖s (RFC 7518 §3.4).
        let secret = try key.sign(claims: claims, type: nil)
        cache.withLock { $0[clientID] = Cached(secret: secret, expiresAt: expiresAt) }
        return secret
    }
}
