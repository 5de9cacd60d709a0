import Foundation
import Support

/// The app's sign-up (docs/accounts-and-email.md: `POST /api/signup`): the client authenticates as at
/// `/token` and must be first-party; Identity's sign-up flow makes the account between `client` and `tokens`.
public struct FirstPartySignUp: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// The authenticated first-party client and the scope it asked for (its default when absent).
    public func client(_ parameters: FormParameters, authorization: String?) async throws(OAuthError) -> (Client, [String]) {
        let authenticated = try await ClientAuthenticator(environment: environment)
            .authenticate(parameters, authorization: authorization)
        // A resource server may introspect, and only that (RFC 7662 §4).
        guard authenticated.client.firstParty, !authenticated.client.resourceServer else {
            throw .unauthorizedClient("only the maker's own app may sign people up")
        }
        let scope = try ScopeRules.resolve(parameters["scope"], client: authenticated.client,
                                           configuration: environment.configuration,
                                           custom: try environment.customScopes())
        return (authenticated.client, scope)
    }

    /// A forgotten password from the app (`POST /api/password/forgot`) names the maker's app by `client_id`
    /// only, as nothing secret is asked: whether `clientID` is a registered first-party client.
    public func isFirstPartyClient(_ clientID: String?) throws -> Bool {
        guard let clientID else { return false }
        return try environment.storage.client(id: clientID)?.firstParty == true
    }

    /// The whole sign-up, beside native sign-in: the client checked, the account made by `creator`
    /// (Identity's sign-up flows), then 201 with the new account's tokens, or 202 when nothing may be said
    /// (the address has an account and its owner was mailed, or sign-up verifies first).
    public func signUp(_ parameters: FormParameters, authorization: String?,
                       creator: some AccountCreator) async throws -> EndpointResponse {
        let (client, scope) = try await self.client(parameters, authorization: authorization)
        guard let accountID = try creator.createAccount(clientID: client.id) else {
            return .json(.object(["account_created": .bool(false), "verification_sent": .bool(true)]), status: 202)
        }
        return try tokens(accountID: accountID, client: client, scope: scope)
    }

    /// 201: the token response of the new account plus `account_id` and `account_created: true`.
    public func tokens(accountID: String, client: Client, scope: [String]) throws -> EndpointResponse {
        let extra: [String: JSONValue] = ["account_id": .string(accountID), "account_created": .bool(true)]
        let body = try environment.storage.transaction { storage in
            try TokenIssuer(environment: environment, storage: storage)
                .signIn(accountID: accountID, client: client, scope: scope, extra: extra)
        }.response(environment)
        return .json(body, status: 201)
    }
}

/// Makes the account of a first-party sign-up for the client `clientID` (Identity implements it, one
/// type per way of signing up): the new account's id, or nil when nothing may be said. Its refusals
/// are its own errors, which the caller words.
public protocol AccountCreator: Sendable {
    func createAccount(clientID: String) throws -> String?
}
