import Support
extension IntrospectionEndpoint {
    /// RFC 7662 §2.2 for a client_credentials access token (a JWS we signed): active until `exp`,
    /// shown to the client it was issued to and to resource servers (§4).
    func signedTokenIntrospection(_ token: String, _ client: Client) -> JSONValue? {
        guard let claims = environment.signedTokenVerifier?.verify(token),
            claims.use.sameBytes(ClientCredentialsGrant.use)
        else { return nil }
        guard claims.expiresAt > environment.clock.unixTime,
            claims.clientID.sameBytes(client.id) || client.resourceServer
        else { return .object(["active": .bool(false)]) }
        return .object([
            "active": .bool(true), "scope": .string(claims.scope.joined(separator: " ")),
            "client_id": .string(claims.clientID), "sub": .string(claims.clientID), "iat": .int(claims.issuedAt),
            "exp": .int(claims.expiresAt), "token_type": .string("Bearer"),
            "iss": .string(environment.configuration.issuer),
        ])
    }
}
