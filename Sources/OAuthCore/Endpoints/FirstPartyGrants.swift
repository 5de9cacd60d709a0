import Foundation

/// RFC 6749 §4.3, for the maker's own app only (docs/sign-in.md, Native): `username` is the email.
struct PasswordGrant: TokenGrant {
    static let grantType = "password"

    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) throws -> JSONValue {
        guard client.firstParty else {
            throw OAuthError.unauthorizedClient("this client may not use the password grant")
        }
        let p = request.parameters
        guard let email = p["username"], !email.isEmpty, let password = p["password"] else {
            throw OAuthError.invalidRequest("username and password are required")
        }
        let scope = try ScopeRules.resolve(
            p["scope"], client: client, configuration: environment.configuration,
            custom: try environment.customScopes())
        let login = PasswordLogin(environment: environment)
        guard let account = try login.verify(email: email, password: password, clientAddress: request.clientAddress)
        else { throw OAuthError.invalidGrant("the email or password is incorrect") }
        if let linkToken = p["link_token"] { try login.redeem(linkToken: linkToken, accountID: account.id) }
        return try environment.storage.transaction { storage in
            try TokenIssuer(environment: environment, storage: storage)
                .signIn(accountID: account.id, client: client, scope: scope)
        }.response(environment)
    }
}

/// RFC 8693 for native sign-in with Apple or Google identity tokens (docs/sign-in.md), first-party only;
/// the verification and account policy belong to the injected `TokenExchangeHandler`.
struct TokenExchangeGrant: TokenGrant {
    static let grantType = "urn:ietf:params:oauth:grant-type:token-exchange"

    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) async throws -> JSONValue {
        guard client.firstParty else {
            throw OAuthError.unauthorizedClient("this client may not use token exchange")
        }
        guard let handler = environment.tokenExchangeHandler else {
            throw OAuthError(.unsupportedGrantType, "token exchange is not enabled")
        }
        let scope = try ScopeRules.resolve(
            request.parameters["scope"], client: client,
            configuration: environment.configuration, custom: try environment.customScopes())
        let result = try await handler.exchange(
            TokenExchangeRequest(parameters: request.parameters, client: client))
        let extra: [String: JSONValue] = [
            "account_id": .string(result.accountID), "account_created": .bool(result.accountCreated),
            // RFC 8693 §2.2.1: required in a token-exchange response.
            "issued_token_type": .string("urn:ietf:params:oauth:token-type:access_token"),
        ]
        return try environment.storage.transaction { storage in
            try TokenIssuer(environment: environment, storage: storage)
                .signIn(accountID: result.accountID, client: client, scope: scope, extra: extra)
        }.response(environment)
    }
}
