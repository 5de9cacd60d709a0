import AppFlipKit
import Foundation

/// The app's side of AccountLink: sign-in, tokens, the account API and App Flip
/// (docs/sign-in.md for native sign-in; README.md, "The app's API").
///
/// ```swift
/// let accountLink = AccountLink(configuration: .init(
///     server: URL(string: "https://accounts.example.com")!, clientID: "ios-app"))
/// ```
public final class AccountLink: Sendable {
    public struct Configuration: Sendable {
        /// AccountLink's public base URL (its issuer).
        public var server: URL
        /// The app's client id: a public, first-party client (`accountlink client add --public --first-party`).
        public var clientID: String
        /// The scope to ask for at sign-in; nil: the client's registered scopes.
        public var scope: String?
        /// Refresh when the access token expires within this many seconds.
        public var refreshMargin: TimeInterval

        public init(server: URL, clientID: String, scope: String? = nil, refreshMargin: TimeInterval = 60) {
            self.server = server
            self.clientID = clientID
            self.scope = scope
            self.refreshMargin = refreshMargin
        }
    }

    public let configuration: Configuration
    public let tokens: TokenSession
    let transport: any HTTPTransport
    let now: @Sendable () -> Date

    public init(configuration: Configuration, store: any TokenStore = MemoryTokenStore(),
                transport: any HTTPTransport = URLSessionTransport(), now: @escaping @Sendable () -> Date = Date.init) {
        self.configuration = configuration
        self.transport = transport
        self.now = now
        let client = TokenClient(configuration: configuration, transport: transport, now: now)
        tokens = TokenSession(store: store, margin: configuration.refreshMargin, now: now) { refreshToken, previous in
            try await client.refresh(refreshToken, previous: previous)
        }
    }

    var tokenClient: TokenClient { TokenClient(configuration: configuration, transport: transport, now: now) }

    /// A valid access token for your own API calls (refreshed first when needed).
    public func accessToken() async throws -> String {
        try await tokens.validTokens().accessToken
    }

    /// True when tokens are stored (they may still need a refresh).
    public func isSignedIn() -> Bool {
        (try? tokens.store.load()) != nil
    }
}

/// The token endpoint and the JSON/form plumbing every call shares.
struct TokenClient: Sendable {
    let configuration: AccountLink.Configuration
    let transport: any HTTPTransport
    let now: @Sendable () -> Date

    func refresh(_ refreshToken: String, previous: TokenSet) async throws -> TokenSet {
        let answer: TokenResponse = try await post(
            "/token", [("grant_type", "refresh_token"), ("refresh_token", refreshToken),
                       ("client_id", configuration.clientID)])
        return answer.tokens(issuedAt: now(), previous: previous)
    }

    /// A form POST (`client_id` included by the caller), optionally with a Bearer token.
    func post<Answer: Decodable>(_ path: String, _ form: [(String, String)], bearer: String? = nil) async throws -> Answer {
        try decode(try await send("POST", path, form: form, bearer: bearer))
    }

    func send(_ method: String, _ path: String, form: [(String, String)]? = nil, bearer: String? = nil) async throws
        -> TransportResponse
    {
        var request = TransportRequest(method: method, url: configuration.server.appendingPathComponent(path))
        request.headers["Accept"] = "application/json"
        if let form {
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            request.body = Data(AppFlipQuery.encode(form.map { (name: $0.0, value: $0.1) }).utf8)
        }
        if let bearer { request.headers["Authorization"] = "Bearer " + bearer }
        do {
            return try await transport.send(request)
        } catch {
            throw AccountLinkError.unreachable(String(describing: error))
        }
    }

    /// A 2xx answer decoded; any other status becomes `AccountLinkError.server` from the error JSON.
    func decode<Answer: Decodable>(_ response: TransportResponse) throws -> Answer {
        guard (200..<300).contains(response.status) else { throw Self.error(response) }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw AccountLinkError.unexpectedResponse(status: response.status)
        }
    }

    static func error(_ response: TransportResponse) -> AccountLinkError {
        guard let body = try? JSONDecoder().decode(ErrorResponse.self, from: response.body) else {
            return .unexpectedResponse(status: response.status)
        }
        return .server(code: body.error, description: body.error_description, status: response.status)
    }
}
