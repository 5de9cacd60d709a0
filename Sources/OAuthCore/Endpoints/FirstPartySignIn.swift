import Foundation
import Support

/// The app's own sign-in outside `/token` (README, Passkeys: `POST /api/passkeys/authentication`):
/// the client authenticates as for sign-up and must be first-party; Identity proves the account in
/// between; the answer is the token response plus `account_id`, as the token exchange's.
public struct FirstPartySignIn: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    public func client(_ parameters: FormParameters, authorization: String?) async throws(OAuthError) -> (Client, [String]) {
        try await FirstPartySignUp(environment: environment).client(parameters, authorization: authorization)
    }

    /// 200: the token response with `account_id` and `account_created: false`.
    public func tokens(accountID: String, client: Client, scope: [String]) throws -> EndpointResponse {
        let extra: [String: JSONValue] = ["account_id": .string(accountID), "account_created": .bool(false)]
        let body = try environment.storage.transaction { storage in
            try TokenIssuer(environment: environment, storage: storage)
                .signIn(accountID: accountID, client: client, scope: scope, extra: extra)
        }.response(environment)
        return .json(body, status: 200)
    }
}
