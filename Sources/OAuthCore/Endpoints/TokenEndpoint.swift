import Support

/// `POST /token` as the HTTP layer parsed it.
public struct TokenRequest: Sendable {
    /// The form body (RFC 6749 §3.2: application/x-www-form-urlencoded).
    public var parameters: FormParameters
    /// The `Authorization` header, if any (HTTP Basic client authentication).
    public var authorization: String?
    /// The peer address, for login throttling in the password grant.
    public var clientAddress: String?

    /// The stored token the grant presents (under `presentedHash`), read with the client in one query
    /// (TokenPathStore) by the endpoint: `.some(nil)` when not live; nil when not read (a cached client).
    var presented: LiveToken??
    /// The hash of the stored token the grant presents (`TokenGrant.presentedTokenHash`), hashed once by
    /// the endpoint whether or not the token was read ahead.
    var presentedHash: String?

    public init(parameters: FormParameters, authorization: String? = nil, clientAddress: String? = nil) {
        self.parameters = parameters
        self.authorization = authorization
        self.clientAddress = clientAddress
    }
}

/// One grant type (docs/architecture.md rule 3): the steps inside `handle` are explicit calls in order.
protocol TokenGrant: Sendable {
    static var grantType: String { get }
    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) async throws -> JSONValue

    /// The hash of the stored token this grant reads first, when it has one: the endpoint reads it with
    /// the client (`TokenRequest.presented`).
    func presentedTokenHash(_ request: TokenRequest) -> String?

    /// Whether `handle` makes suspending store calls only and moves what holds a thread to
    /// `OAuthEnvironment.blocking` itself (a refresh), so that it may run on a loop that must not block (the
    /// server starts every `/token` request on PostgreSQL's reader, whatever its grant). false: the endpoint
    /// runs `handle` on the blocking executor (transactions, Argon2id, signatures).
    var suspendsOnly: Bool { get }
}

extension TokenGrant {
    func presentedTokenHash(_ request: TokenRequest) -> String? { nil }
    var suspendsOnly: Bool { false }
}

/// RFC 6749 §3.2: the token endpoint; one grant type per wire value of `grant_type`.
public struct TokenEndpoint: Sendable {
    static let grants: [String: any TokenGrant] = {
        let all: [any TokenGrant] = [
            AuthorizationCodeGrant(), RefreshTokenGrant(), PasswordGrant(), TokenExchangeGrant(),
            ClientCredentialsGrant(),
        ]
        var table: [String: any TokenGrant] = [:]
        for grant in all { table[type(of: grant).grantType] = grant }
        return table
    }()

    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// The grant types announced in discovery.
    public static var grantTypesSupported: [String] { grants.keys.sorted() }

    public func handle(_ request: TokenRequest) async -> EndpointResponse {
        do {
            return .json(try await respond(request))
        } catch {
            let oauth = OAuthError.from(error)
            if oauth.code == .invalidClient || oauth.code == .invalidGrant {
                environment.logger.security(
                    SecurityEvent.grantRefused, account: nil,
                    ["oauth.error": oauth.code.rawValue, "oauth.grant_type": request.parameters["grant_type"] ?? ""])
            }
            environment.log(
                oauth,
                ["oauth.endpoint": "token", "oauth.grant_type": request.parameters["grant_type"] ?? ""])
            return oauth.response
        }
    }

    private func respond(_ request: TokenRequest) async throws -> JSONValue {
        try RepeatedParameters.check(request.parameters)
        guard let grantType = request.parameters["grant_type"], !grantType.isEmpty else {
            throw OAuthError.invalidRequest("grant_type is missing")
        }
        guard let grant = Self.grants[grantType] else {
            throw OAuthError(.unsupportedGrantType, "this grant_type is not supported")
        }
        var request = request
        let client = try await authenticate(&request, for: grant)
        // A resource server may introspect, and only that (RFC 7662 §4).
        guard !client.resourceServer else {
            throw OAuthError.unauthorizedClient("a resource server may only introspect tokens")
        }
        return try await handle(request, with: grant, client: client)
    }

    /// `grant` on the blocking executor unless it only suspends (`TokenGrant.suspendsOnly`).
    private func handle(_ request: TokenRequest, with grant: any TokenGrant, client: Client) async throws -> JSONValue {
        if grant.suspendsOnly { return try await grant.handle(request, client: client, environment: environment) }
        return try await withTaskExecutorPreference(environment.blockingExecutor) {
            try await grant.handle(request, client: client, environment: environment)
        }
    }

    /// The client; with it, in the same query unless the client was cached, the token the grant presents
    /// (`TokenRequest.presented`).
    private func authenticate(_ request: inout TokenRequest, for grant: any TokenGrant) async throws -> Client {
        let authenticator = ClientAuthenticator(environment: environment)
        guard let hash = grant.presentedTokenHash(request) else {
            return try await authenticator.authenticate(request.parameters, authorization: request.authorization).client
        }
        let (client, token) = try await authenticator.authenticate(
            request.parameters, authorization: request.authorization, presenting: hash, at: environment.clock.now())
        request.presentedHash = hash
        request.presented = token  // not read when the client was cached
        return client.client
    }
}
