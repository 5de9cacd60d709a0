import Support

/// OIDC Core §5.3: `GET /userinfo` with a Bearer access token that was granted `openid`.
public struct UserInfoEndpoint: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// `authorization` is the `Authorization` header; `formToken` the `access_token` of a form body
    /// (RFC 6750 §2.2, what certified relying parties such as pyoidc send by default).
    public func handle(authorization: String?, formToken: String? = nil) async -> EndpointResponse {
        do {
            return .json(try await userInfo(authorization, formToken))
        } catch {
            let oauth = OAuthError.from(error)
            environment.log(oauth, ["oauth.endpoint": "userinfo"])
            return oauth.response
        }
    }

    /// A POST with a form body: its `access_token` (RFC 6750 §2.2), refused when sent twice (`RepeatedParameters`).
    public func handle(authorization: String?, form: FormParameters) async -> EndpointResponse {
        do {
            try RepeatedParameters.check(form, among: ["access_token"])
        } catch {
            environment.log(error, ["oauth.endpoint": "userinfo"])
            return error.response
        }
        return await handle(authorization: authorization, formToken: form["access_token"])
    }

    private func userInfo(_ authorization: String?, _ formToken: String?) async throws -> JSONValue {
        let header = TokenService.bearerToken(fromAuthorization: authorization)
        // RFC 6750 §2: a client MUST NOT use more than one method to send the token.
        guard header == nil || formToken == nil else {
            throw OAuthError.invalidRequest("send the access token in the header or in the body, not both")
        }
        guard let token = header ?? formToken, !token.isEmpty else {
            throw OAuthError(.invalidToken, "a Bearer access token is required")
        }
        let bearer = try await TokenService(environment: environment).verifyAccessToken(token)
        guard bearer.record.scope.containsBytes("openid") else {
            throw OAuthError(.insufficientScope, "the token was not granted the openid scope")
        }
        // OIDC Core §5.3.2: sub always; the rest per granted scope (§5.4).
        let claims = UserClaims.claims(bearer.account, scope: bearer.record.scope)
        return .object(claims.merging(["sub": .string(bearer.account.id)]) { _, new in new })
    }
}
