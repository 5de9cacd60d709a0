/// OIDC Core §5.3: `GET /userinfo` with a Bearer access token that was granted `openid`.
public struct UserInfoEndpoint: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// `authorization` is the `Authorization` header.
    public func handle(authorization: String?) -> EndpointResponse {
        do {
            return .json(try userInfo(authorization))
        } catch {
            let oauth = OAuthError.from(error)
            environment.log(oauth, ["oauth.endpoint": "userinfo"])
            return oauth.response
        }
    }

    private func userInfo(_ authorization: String?) throws -> JSONValue {
        guard let token = TokenService.bearerToken(fromAuthorization: authorization) else {
            throw OAuthError(.invalidToken, "a Bearer access token is required")
        }
        let bearer = try TokenService(environment: environment).verifyAccessToken(token)
        guard bearer.record.scope.contains("openid") else {
            throw OAuthError(.insufficientScope, "the token was not granted the openid scope")
        }
        // OIDC Core §5.3.2: sub always; the rest per granted scope (§5.4).
        let claims = UserClaims.claims(bearer.account, scope: bearer.record.scope)
        return .object(claims.merging(["sub": .string(bearer.account.id)]) { _, new in new })
    }
}
