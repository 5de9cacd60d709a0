import Foundation
import OAuthCore
import StoreMemory
import Support
import Synchronization

/// Password hashes in tests are `plain:<password>`; the verifier counts its calls so tests can see
/// that unknown emails are verified too.
final class FakePasswordVerifier: PasswordVerifier {
    let calls = Mutex(0)
    /// Seconds each verification takes (a real Argon2id takes ~90 ms), for tests of parallel guesses.
    let delay = Mutex<Double>(0)
    func verify(password: String, hash: String) -> Bool {
        calls.withLock { $0 += 1 }
        let seconds = delay.withLock { $0 }
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        return hash == "plain:" + password
    }
}

/// NOT a JWT signer: it writes the claims as `unsigned.<base64url JSON>` (and `.<algorithm>` when
/// one was asked for) so tests can read them.
struct InspectableSigner: IDTokenSigner {
    func sign(claims: [String: JSONValue]) throws -> String {
        "unsigned." + Base64URL.encode(JSONValue.object(claims).serialized)
    }

    func sign(claims: [String: JSONValue], algorithm: String) throws -> String {
        try sign(claims: claims) + "." + algorithm
    }

    static func claims(_ token: String) throws -> [String: Any] {
        let body = try Base64URL.decode(token.split(separator: ".")[1])
        return try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
    }

    /// The algorithm the token was signed for, nil when none was named.
    static func algorithm(_ token: String) -> String? {
        let parts = token.split(separator: ".")
        return parts.count > 2 ? String(parts[2]) : nil
    }
}

struct Fixture {
    static let googleSecret = "google-secret-0123456789abcdef0123456789"
    static let rotatingSecret = "rotating-secret-0123456789abcdef012345678"
    static let otherSecret = "other-secret-0123456789abcdef0123456789ab"
    static let googleRedirect = "https://oauth-redirect.googleusercontent.com/r/project-1"
    static let appFlipRedirect = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"
    static let publicRedirect = "https://public.example/callback"
    static let password = "correct horse battery staple"

    let memory = MemoryStorage()
    let clock = ManualClock()
    let random = SeededRandom(seed: 42)
    let verifier = FakePasswordVerifier()
    let logSink = MemorySink()
    let environment: OAuthEnvironment
    let aliceID = "acct_alice"

    init(
        storage wrap: (MemoryStorage) -> any Storage = { $0 }, throttle: LoginThrottle = LoginThrottle(),
        linkTokenRedeemer: (any LinkTokenRedeemer)? = nil, exchange: (any TokenExchangeHandler)? = nil
    ) throws {
        environment = OAuthEnvironment(
            storage: wrap(memory), clock: clock, random: random,
            logger: Logger(label: "test", minimumLevel: .debug, sink: logSink),
            configuration: try OAuthConfiguration(issuer: "https://auth.example.com"),
            idTokenSigner: InspectableSigner(),
            passwordVerifier: verifier, loginThrottle: throttle, linkTokenRedeemer: linkTokenRedeemer,
            tokenExchangeHandler: exchange)
        try seed()
    }

    private func seed() throws {
        let now = clock.now()
        try memory.insertClient(
            Client(
                id: "google", name: "Google", secretHash: ClientSecret.hash(Self.googleSecret),
                redirectURIs: [Self.googleRedirect, Self.appFlipRedirect], createdAt: now))
        try memory.insertClient(
            Client(
                id: "rotating", name: "Rotating", secretHash: ClientSecret.hash(Self.rotatingSecret),
                redirectURIs: ["https://rotating.example/cb"], rotateRefreshTokens: true,
                createdAt: now))
        try memory.insertClient(
            Client(
                id: "other", name: "Other", secretHash: ClientSecret.hash(Self.otherSecret),
                redirectURIs: [Self.googleRedirect], createdAt: now))
        try memory.insertClient(
            Client(
                id: "public", name: "Public", secretHash: nil, redirectURIs: [Self.publicRedirect],
                isPublic: true, createdAt: now))
        try memory.insertClient(
            Client(
                id: "app", name: "Maker app", secretHash: nil,
                redirectURIs: ["com.maker.app:/oauth"], isPublic: true, firstParty: true,
                createdAt: now))
        try memory.insertAccount(
            Account(
                id: aliceID, email: "alice@example.com", emailVerified: true,
                displayName: "Alice", createdAt: now))
        try memory.setPasswordHash("plain:" + Self.password, accountID: aliceID)
    }

    var flow: AuthorizationFlow { AuthorizationFlow(environment: environment) }
    var tokenEndpoint: TokenEndpoint { TokenEndpoint(environment: environment) }

    static func form(_ pairs: [(String, String)]) -> FormParameters {
        FormParameters(pairs.map { (name: $0.0, value: $0.1) })
    }

    static func basic(_ id: String, _ secret: String) -> String {
        let encoded = FormEncoding.encodeComponent(id) + ":" + FormEncoding.encodeComponent(secret)
        return "Basic " + Data(encoded.utf8).base64EncodedString()
    }

    func token(_ pairs: [(String, String)], authorization: String? = nil) async -> EndpointResponse {
        await tokenEndpoint.handle(TokenRequest(parameters: Self.form(pairs), authorization: authorization))
    }

    func googleToken(_ pairs: [(String, String)]) async -> EndpointResponse {
        await token(pairs + [("client_id", "google"), ("client_secret", Self.googleSecret)])
    }
}

/// Reading responses.
extension EndpointResponse {
    var jsonObject: [String: Any] {
        guard case .json(_, let body, _) = self, !body.isEmpty,
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        else { return [:] }
        return object
    }

    var error: String? { jsonObject["error"] as? String }

    func string(_ key: String) -> String? { jsonObject[key] as? String }
}

/// Query items of a redirect URL, decoded.
func queryItems(_ url: String) -> FormParameters {
    guard let index = url.firstIndex(of: "?") else { return FormParameters() }
    return FormParameters.parse(url[url.index(after: index)...])
}
