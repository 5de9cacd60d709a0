import Foundation
import JOSE
import OAuthCore
import Support

/// What the web sign-in with Apple or Google keeps between the redirect and the callback, keyed by the
/// hash of `state` (single use, 10 minutes). The state alone would let an attacker make a victim's
/// browser finish the attacker's sign-in (login CSRF, RFC 6749 §10.12, RFC 9700 §4.7), so the record is
/// also bound to the browser that started: it holds the SHA-256 of a random value kept in a cookie,
/// which the callback must present.
public struct WebSignInState: Codable, Sendable, Equatable {
    public let provider: String
    /// Apple gets its SHA-256 hex, Google the value itself; the token must carry it back.
    public let rawNonce: String
    /// The pending authorization this sign-in continues, if any.
    public let interaction: String?
    /// Set when a signed-in person adds this provider to their account ("upgrade").
    public let addToAccount: String?
    /// Google: the PKCE verifier (RFC 7636 §4.1).
    public let codeVerifier: String?
    /// Hex SHA-256 of the browser binding value.
    public let browserBinding: String
}

/// Starting and taking the state of a web sign-in; the callbacks are `AppleWebSignIn` and `GoogleWebSignIn`.
public struct WebSignInStates: Sendable {
    public static let lifetime: TimeInterval = 600
    /// The single-use state is kept as an interaction, taken once.
    public typealias Store = InteractionStore & InteractionTakeStore & Sendable

    let storage: any Store
    let clock: any Clock
    let random: any RandomSource

    public init(storage: any Store, clock: any Clock, random: any RandomSource) {
        self.storage = storage
        self.clock = clock
        self.random = random
    }

    public struct Started: Sendable {
        /// The `state` to send to the provider.
        public let state: String
        public let record: WebSignInState
        /// The value for the browser's binding cookie (the one it already had, if long enough).
        public let binding: String
    }

    /// Stores a new state record. One binding per browser: a second sign-in started in another tab
    /// keeps the first one valid.
    public func begin(provider: String, interaction: String?, addToAccount: String?, codeVerifier: String? = nil,
                      binding existing: String?) throws -> Started {
        let state = random.token()
        let binding = existing.flatMap { $0.utf8.count >= 43 ? $0 : nil } ?? random.token()
        let record = WebSignInState(provider: provider, rawNonce: random.token(), interaction: interaction,
                                    addToAccount: addToAccount, codeVerifier: codeVerifier,
                                    browserBinding: Hex.encode(SHA256.hash(binding)))
        let now = clock.now()
        try storage.insertInteraction(Interaction(
            id: Self.id(state), request: Array(try JSONEncoder().encode(record)), csrfSecret: random.bytes(32),
            createdAt: now, expiresAt: now.addingTimeInterval(Self.lifetime)))
        return Started(state: state, record: record, binding: binding)
    }

    /// Single use: the record is taken atomically (`InteractionTakeStore`: of two concurrent callbacks
    /// one gets it), and only the browser holding the binding may finish the sign-in. Nil otherwise.
    public func take(state: String?, provider: String, binding: String?) -> WebSignInState? {
        guard let state, !state.isEmpty,
              let stored = try? storage.takeInteraction(id: Self.id(state)), stored.expiresAt > clock.now(),
              let record = try? JSONDecoder().decode(WebSignInState.self, from: Data(stored.request)),
              record.provider.sameBytes(provider), let binding,
              ConstantTime.equals(Hex.encode(SHA256.hash(binding)), record.browserBinding)
        else { return nil }
        return record
    }

    static func id(_ state: String) -> String { "web:" + OpaqueToken.hash(state) }
}
