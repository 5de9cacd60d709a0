import Foundation
import Support

/// Builds the RFC 6749 §5.1 response of a grant whose one store call wrote its tokens (TokenPathStore): it
/// writes nothing itself, but a first-party sign-in's call (`signIn`).
struct TokenIssuer {
    let environment: OAuthEnvironment
    /// The store, or the transaction view, a first-party sign-in writes to (its one call, `startSignIn`).
    let storage: any TokenPathStore

    /// A fresh pair (a code's redemption, a rotation, a sign-in) + an ID token when openid was granted.
    /// `client`: the one the tokens are for; its ID tokens use its `idTokenSignedResponseAlg`.
    func pair(
        access: String, refresh: String, _ subject: TokenService.Subject, for client: Client, nonce: String? = nil,
        extra: [String: JSONValue] = [:], account: Account
    ) -> Issued {
        issued(access, subject, for: client, refreshToken: refresh, nonce: nonce, extra: extra, account: account)
    }

    /// A refresh without rotation: the access token the store wrote (`written`, live with its account) and
    /// the same refresh token.
    func refreshed(_ access: String, written: LiveToken, refreshToken: String, for client: Client) -> Issued {
        issued(access, TokenService.Subject(written.record), for: client, refreshToken: refreshToken, nonce: nil,
               extra: [:], account: written.account)
    }

    private func issued(
        _ access: String, _ subject: TokenService.Subject, for client: Client, refreshToken: String,
        nonce: String?, extra: [String: JSONValue], account: Account
    ) -> Issued {
        let body: [String: JSONValue] = [
            "access_token": .string(access),
            "token_type": .string("Bearer"),
            // Google: remaining lifetime in seconds as a JSON integer
            // (https://developers.google.com/identity/account-linking/your-api-reference).
            "expires_in": .int(Int64(environment.configuration.accessTokenLifetime)),
            "scope": .string(subject.scope.joined(separator: " ")),
            "refresh_token": .string(refreshToken),
        ]
        var idToken: Issued.IDTokenInput?
        if subject.scope.containsBytes("openid") {
            idToken = Issued.IDTokenInput(account: account, subject: subject, nonce: nonce, accessToken: access,
                                          algorithm: client.idTokenSignedResponseAlg)
        }
        return Issued(body: body.merging(extra) { current, _ in current }, idToken: idToken)
    }

    /// What a grant issued. The ID token is signed by `response()`, after the storage transaction has
    /// committed: an RS256 signature takes far longer than the writes and must not hold the store's lock.
    struct Issued {
        struct IDTokenInput {
            let account: Account
            let subject: TokenService.Subject
            let nonce: String?
            let accessToken: String
            let algorithm: String
        }

        var body: [String: JSONValue]
        var idToken: IDTokenInput?

        /// `response`, the ID token (if any) signed on the environment's blocking executor, for a grant
        /// that may run on a loop (a refresh without rotation).
        func respond(_ environment: OAuthEnvironment) async throws -> JSONValue {
            guard idToken != nil else { return try response(environment) }
            return try await environment.blocking { try response(environment) }
        }

        func response(_ environment: OAuthEnvironment) throws -> JSONValue {
            var body = body
            if let input = idToken {
                body["id_token"] = .string(
                    try IDTokenFactory(environment: environment)
                        .make(account: input.account, subject: input.subject, nonce: input.nonce,
                              accessToken: input.accessToken, algorithm: input.algorithm))
            }
            return .object(body)
        }
    }

    /// Grants for first-party sign-in (password, token exchange, sign-up): one grant per sign-in, so
    /// that `POST /api/logout` (revoking that grant) ends this sign-in's access and refresh tokens and no
    /// other device's; and a fresh token pair, written by the store's one call (`startSignIn`).
    func signIn(accountID: String, client: Client, scope: [String], extra: [String: JSONValue] = [:]) throws
        -> Issued
    {
        let grant = GrantLedger.newGrant(accountID: accountID, clientID: client.id, scope: scope, environment: environment)
        let pair = TokenService(environment: environment).newTokenPair()
        let account = try storage.startSignIn(grant, tokens: pair.recipe)
        let subject = TokenService.Subject(
            grantID: grant.id, clientID: client.id, accountID: accountID, scope: scope, authTime: grant.createdAt)
        return self.pair(access: pair.access, refresh: pair.refresh, subject, for: client, extra: extra, account: account)
    }
}
