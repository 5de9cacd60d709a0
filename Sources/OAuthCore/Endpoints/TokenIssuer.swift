import Foundation
import Support

/// Issues the tokens of a successful grant and builds the RFC 6749 §5.1 response.
struct TokenIssuer {
    let environment: OAuthEnvironment
    let storage: any Storage

    /// Access token (+ refresh token when `refreshToken` says so) + ID token when openid was granted.
    /// `client`: the one the tokens are for; its ID tokens use its `idTokenSignedResponseAlg`.
    /// `account`: the subject's account when the caller has just read it (else it is read for an ID
    /// token).
    func respond(
        _ subject: TokenService.Subject, for client: Client, refreshToken: RefreshChoice, nonce: String? = nil,
        extra: [String: JSONValue] = [:], account: Account? = nil
    ) throws -> Issued {
        let access = try TokenService(environment: environment).issueAccessToken(for: subject, in: storage)
        return try issued(access, subject, for: client, refreshToken: refreshToken, nonce: nonce, extra: extra,
                          account: account)
    }

    /// A refresh without rotation: only the access token is new, and it is written only while the
    /// presented refresh token (stored under `hash`) is live
    /// (`TokenService.issueAccessToken(refreshing:readAhead:in:subject:)`): `subject` checks it and says
    /// what for. `readAhead`: that token as the endpoint read it with the client.
    func refreshed(
        refreshToken: String, hash: String, readAhead: LiveToken?, for client: Client,
        subject: @escaping @Sendable (LiveToken) throws -> TokenService.Subject
    ) async throws -> Issued {
        let (access, subject, account) = try await TokenService(environment: environment)
            .issueAccessToken(refreshing: hash, readAhead: readAhead, in: storage, subject: subject)
        return try issued(access, subject, for: client, refreshToken: .same(refreshToken), nonce: nil, extra: [:],
                          account: account)
    }

    /// `refreshed` when the request narrows nothing: the access token is for what the refresh token was
    /// granted (`TokenService.issueAccessToken(refreshingAsGranted:for:in:)`), checked and written in one step.
    func refreshedAsGranted(refreshToken: String, hash: String, for client: Client) async throws -> Issued {
        let (access, subject, account) = try await TokenService(environment: environment)
            .issueAccessToken(refreshingAsGranted: hash, for: client.id, in: storage)
        return try issued(access, subject, for: client, refreshToken: .same(refreshToken), nonce: nil, extra: [:],
                          account: account)
    }

    private func issued(
        _ access: String, _ subject: TokenService.Subject, for client: Client, refreshToken: RefreshChoice,
        nonce: String?, extra: [String: JSONValue], account: Account?
    ) throws -> Issued {
        let tokens = TokenService(environment: environment)
        var body: [String: JSONValue] = [
            "access_token": .string(access),
            "token_type": .string("Bearer"),
            // Google: remaining lifetime in seconds as a JSON integer
            // (https://developers.google.com/identity/account-linking/your-api-reference).
            "expires_in": .int(Int64(environment.configuration.accessTokenLifetime)),
            "scope": .string(subject.scope.joined(separator: " ")),
        ]
        switch refreshToken {
        case .none: break
        case .new: body["refresh_token"] = .string(try tokens.issueRefreshToken(for: subject, in: storage))
        case .same(let token): body["refresh_token"] = .string(token)
        case .successor(let parentHash):
            let child = try tokens.issueRefreshToken(for: subject, in: storage)
            try storage.recordRefreshLineage(
                child: OpaqueToken.hash(child), parent: parentHash, at: environment.clock.now())
            body["refresh_token"] = .string(child)
        }
        var idToken: Issued.IDTokenInput?
        if subject.scope.containsBytes("openid"), let account = try account ?? storage.account(id: subject.accountID) {
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

    enum RefreshChoice {
        case none
        case new
        case same(String)
        /// Rotation: a new refresh token recorded as a child of the presented one (by hash), so
        /// that a fork is detectable (`RefreshLineageStore`).
        case successor(String)
    }

    /// Grants for first-party sign-in (password, token exchange, sign-up): one grant per sign-in, so
    /// that `POST /api/logout` (revoking that grant) ends this sign-in's access and refresh tokens and no
    /// other device's; and a fresh token pair.
    func signIn(accountID: String, client: Client, scope: [String], extra: [String: JSONValue] = [:]) throws
        -> Issued
    {
        guard try storage.account(id: accountID)?.status == .active else {
            throw OAuthError.invalidGrant("the account is not active")
        }
        let grant = try GrantLedger.signIn(
            accountID: accountID, clientID: client.id, scope: scope, in: storage, environment: environment)
        let subject = TokenService.Subject(
            grantID: grant.id, clientID: client.id, accountID: accountID, scope: scope,
            authTime: environment.clock.now())
        return try respond(subject, for: client, refreshToken: .new, extra: extra)
    }
}

/// Runs a grant's steps in one transaction. A storage failure rolls everything back (so a retry
/// still works); a refusal (4xx) commits what was written before it, e.g. the grant revocation of
/// a replayed code or a reused rotated refresh token, and is then thrown.
func committingRefusals<T>(_ storage: any Storage, _ body: (any Storage) throws -> T) throws -> T {
    let outcome = try storage.transaction { view -> GrantOutcome<T> in
        do { return .issued(try body(view)) } catch let error as OAuthError where error.status < 500 {
            return .refused(error)
        }
    }
    switch outcome {
    case .issued(let body): return body
    case .refused(let error): throw error
    }
}

private enum GrantOutcome<T> {
    case issued(T)
    case refused(OAuthError)
}
