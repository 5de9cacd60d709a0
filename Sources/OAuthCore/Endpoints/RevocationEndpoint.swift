import Support

/// RFC 7009: `POST /revoke`. Unknown tokens still answer 200 (§2.2). Revoking a refresh token ends
/// its grant and so every token issued under it (§2.1 "SHOULD"); an access token ends alone.
public struct RevocationEndpoint: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    public func handle(_ request: TokenRequest) async -> EndpointResponse {
        do {
            try await revoke(request)
            return .json(
                status: 200, body: [],
                headers: EndpointResponse.noStoreHeaders.filter { $0.name != "Content-Type" })
        } catch {
            let oauth = OAuthError.from(error)
            environment.log(oauth, ["oauth.endpoint": "revoke"])
            return oauth.response
        }
    }

    private func revoke(_ request: TokenRequest) async throws {
        try RepeatedParameters.check(request.parameters)
        let client = try await ClientAuthenticator(environment: environment)
            .authenticate(request.parameters, authorization: request.authorization).client
        guard let token = request.parameters["token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("token is missing")
        }
        let storage = environment.storage
        guard let record = try storage.token(hash: OpaqueToken.hash(token)) else { return }
        // RFC 7009 §2.1: the token must have been issued to the requesting client.
        guard record.clientID.sameBytes(client.id) else {
            throw OAuthError.unauthorizedClient("the token was not issued to this client")
        }
        let now = environment.clock.now()
        switch record.kind {
        case .refresh: _ = try storage.revokeGrant(id: record.grantID, at: now)
        case .access: _ = try storage.revokeToken(hash: record.hash, at: now)
        }
        environment.audit(
            "token.revoke", accountID: record.accountID, clientID: client.id, detail: record.kind.rawValue)
    }
}
