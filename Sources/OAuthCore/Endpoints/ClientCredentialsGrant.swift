import Foundation

/// What the server's key ring found in a JWS it signed (`SignedTokenVerifier`).
public struct SignedTokenClaims: Sendable, Equatable {
    public var clientID: String
    public var scope: [String]
    public var issuedAt: Int64
    public var expiresAt: Int64
    /// `token_use`: tells a client_credentials access token from an ID token signed with the same key.
    public var use: String?

    public init(clientID: String, scope: [String], issuedAt: Int64, expiresAt: Int64, use: String?) {
        self.clientID = clientID
        self.scope = scope
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.use = use
    }
}

/// Verifies a compact JWS against this server's published keys and issuer; nil when we did not sign it.
public protocol SignedTokenVerifier: Sendable {
    func verify(_ token: String) -> SignedTokenClaims?
}

/// RFC 6749 §4.4: a confidential client that is allowed it gets an access token for itself and no
/// refresh token (§4.4.3). No person stands behind it, so it is not a row tied to an account and a
/// grant but a JWT signed with our key (the RFC 9068 claims): resource servers check it with
/// `/jwks.json` or at `/introspect`. It cannot be revoked; it lives as long as any access token.
struct ClientCredentialsGrant: TokenGrant {
    static let grantType = "client_credentials"
    static let use = "client_credentials"
    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) throws -> JSONValue {
        // §4.4.2: the client MUST authenticate; §5.2 unauthorized_client when it is not allowed the grant.
        guard !client.isPublic, client.clientCredentials else {
            throw OAuthError.unauthorizedClient("this client may not use the client_credentials grant")
        }
        let scope = try ScopeRules.withoutPerson(
            request.parameters["scope"], client: client, configuration: environment.configuration,
            custom: try environment.customScopes())
        let now = environment.clock.unixTime
        let lifetime = Int64(environment.configuration.accessTokenLifetime)
        let issuer = JSONValue.string(environment.configuration.issuer)
        let token = try environment.idTokenSigner.sign(claims: [
            "iss": issuer, "aud": issuer, "sub": .string(client.id), "client_id": .string(client.id),
            "iat": .int(now), "exp": .int(now + lifetime), "jti": .string(environment.random.token(byteCount: 16)),
            "scope": .string(scope.joined(separator: " ")), "token_use": .string(Self.use),
        ])
        environment.audit("client_credentials.issued", clientID: client.id)
        return .object([
            "access_token": .string(token), "token_type": .string("Bearer"), "expires_in": .int(lifetime),
            "scope": .string(scope.joined(separator: " ")),
        ])
    }
}
