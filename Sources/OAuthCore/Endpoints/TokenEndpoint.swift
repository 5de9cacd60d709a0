import Support

/// `POST /token` as the HTTP layer parsed it.
public struct TokenRequest: Sendable {
    /// The form body (RFC 6749 §3.2: application/x-www-form-urlencoded).
    public var parameters: FormParameters
    /// The `Authorization` header, if any (HTTP Basic client authentication).
    public var authorization: String?
    /// The peer address, for login throttling in the password grant.
    public var clientAddress: String?

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
                    SecurityEvent.grantRefused,
                    ["oauth.error": oauth.code.rawValue, "oauth.grant_type": request.parameters["grant_type"] ?? ""])
            }
            environment.log(
                oauth,
                ["oauth.endpoint": "token", "oauth.grant_type": request.parameters["grant_type"] ?? ""])
            return oauth.response
        }
    }

    private func respond(_ request: TokenRequest) async throws -> JSONValue {
        // RFC 6749 §3.2: request parameters MUST NOT be included more than once.
        if let name = request.parameters.duplicatedNames.first {
            throw OAuthError.invalidRequest("\(name) was sent more than once")
        }
        guard let grantType = request.parameters["grant_type"], !grantType.isEmpty else {
            throw OAuthError.invalidRequest("grant_type is missing")
        }
        guard let grant = Self.grants[grantType] else {
            throw OAuthError(.unsupportedGrantType, "this grant_type is not supported")
        }
        let client = try ClientAuthenticator(environment: environment)
            .authenticate(request.parameters, authorization: request.authorization).client
        // A resource server may introspect, and only that (RFC 7662 §4).
        guard !client.resourceServer else {
            throw OAuthError.unauthorizedClient("a resource server may only introspect tokens")
        }
        return try await grant.handle(request, client: client, environment: environment)
    }
}
