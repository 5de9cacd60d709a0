import Foundation
import Support

/// RFC 6749 §6: a new access token for a refresh token. Earlier unexpired access tokens keep
/// working and, without rotation, the same refresh token is returned
/// (https://developers.google.com/identity/account-linking/unlinking).
struct RefreshTokenGrant: TokenGrant {
    static let grantType = "refresh_token"

    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) async throws -> JSONValue {
        guard let token = request.parameters["refresh_token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("refresh_token is missing")
        }
        guard client.rotateRefreshTokens else { return try await unrotated(token, request, client, environment) }
        // Rotation runs a transaction: off the loop a refresh may run on.
        return try await environment.blocking {
            let issued = try committingRefusals(environment.storage) { storage in
                let now = environment.clock.now()
                let live = try live(request.presentedHash ?? OpaqueToken.hash(token), client, storage, now)
                // The scope is checked before rotation writes anything: a refused scope must not rotate the
                // token (a refusal commits what was written before it, `committingRefusals`).
                let subject = try Self.subject(live.record, client, request)
                let choice = try rotation(live.record, client, storage, now, environment)
                return try TokenIssuer(environment: environment, storage: storage).respond(
                    subject, for: client, refreshToken: choice, account: live.account)
            }
            return try issued.response(environment)
        }
    }

    /// Without rotation (how Google refreshes a linking token) every store call suspends (the server may
    /// run this on PostgreSQL's reader: OAuthCoreTests/LoopRequestsTests), and the one write is the new access token,
    /// made while the refresh token is still live (`insertToken(derivedFrom:readAhead:at:_:)`), so a
    /// revocation committed since any read still wins. When the endpoint read the token with the client,
    /// it is not read again; else the store reads it (on SQLite, in the write itself).
    private func unrotated(
        _ token: String, _ request: TokenRequest, _ client: Client, _ environment: OAuthEnvironment
    ) async throws -> JSONValue {
        // Hashed once, by the endpoint (`presentedHash`); here only when the grant is called without it.
        let hash = request.presentedHash ?? OpaqueToken.hash(token)
        // Not read with the client and nothing narrowed (how Google refreshes): what the token was granted,
        // checked and written in the store's one step.
        if request.presented == nil, request.parameters["scope"] == nil {
            return try await TokenIssuer(environment: environment, storage: environment.storage)
                .refreshedAsGranted(refreshToken: token, hash: hash, for: client).respond(environment)
        }
        // Read with the client and not live: refused without a second read.
        let readAhead = try request.presented.map { try Self.checked($0, client) }
        return try await TokenIssuer(environment: environment, storage: environment.storage).refreshed(
            refreshToken: token, hash: hash, readAhead: readAhead, for: client
        ) { live in
            try Self.subject(Self.checked(live, client).record, client, request)
        }.respond(environment)
    }

    private static func subject(_ record: TokenRecord, _ client: Client, _ request: TokenRequest) throws
        -> TokenService.Subject
    {
        TokenService.Subject(
            grantID: record.grantID, clientID: client.id, accountID: record.accountID,
            scope: try ScopeRules.narrowed(request.parameters["scope"], granted: record.scope), authTime: record.authTime)
    }

    /// The refresh token, read with the client (TokenEndpoint). Used without rotation; with it, the
    /// checks read the token again inside their transaction.
    func presentedTokenHash(_ request: TokenRequest) -> String? {
        guard let token = request.parameters["refresh_token"], !token.isEmpty else { return nil }
        return OpaqueToken.hash(token)
    }

    /// Issued to this client, unrevoked, unexpired, of an active account (one query).
    private func live(_ hash: String, _ client: Client, _ storage: any Storage, _ now: Date) throws -> LiveToken {
        try Self.checked(try storage.liveToken(hash: hash, at: now), client)
    }

    /// A live refresh token of this client (a revoked grant has revoked its tokens too, GrantStore.revokeGrant).
    private static func checked(_ found: LiveToken?, _ client: Client) throws -> LiveToken {
        guard let live = found, live.record.kind == .refresh, live.record.clientID.sameBytes(client.id)
        else { throw OAuthError.invalidGrant("the refresh token is invalid") }
        return live
    }

    /// Opt-in rotation (RFC 9700 §4.14.2) by the rule of RefreshRotation: a first presentation or a
    /// retry after a lost answer gets a fresh pair (each new token recorded as a child of the presented
    /// one); presenting a token after a later one of its family was used revokes the grant. A retry and
    /// a theft are different audit events and security-event kinds (the server's `/metrics`).
    private func rotation(
        _ record: TokenRecord, _ client: Client, _ storage: any Storage, _ now: Date, _ environment: OAuthEnvironment
    ) throws -> TokenIssuer.RefreshChoice {
        let window = environment.configuration.refreshReuseWindow
        switch try RefreshRotation.present(record, in: storage, at: now, reuseWindow: window) {
        case .first: break
        case .retry: retried(record, client, storage, environment)
        case .theft: try revokeFamily(record, client, storage, now, environment)
        case .outsideWindow: throw OAuthError.invalidGrant("the refresh token is invalid")
        }
        return .successor(record.hash)
    }

    private func retried(_ record: TokenRecord, _ client: Client, _ storage: any Storage, _ environment: OAuthEnvironment) {
        environment.logger.info(SecurityEvent.message, [
            "event": SecurityEvent.refreshTokenRetry, "oauth.client_id": client.id, "oauth.grant_id": record.grantID,
        ])
        environment.audit("refresh.retry", accountID: record.accountID, clientID: client.id,
                          detail: "rotated refresh token presented again, no later token used; fresh pair", in: storage)
    }

    private func revokeFamily(
        _ record: TokenRecord, _ client: Client, _ storage: any Storage, _ now: Date, _ environment: OAuthEnvironment
    ) throws -> Never {
        environment.logger.security(
            SecurityEvent.refreshTokenReuse, ["oauth.client_id": client.id, "oauth.grant_id": record.grantID])
        _ = try storage.revokeGrant(id: record.grantID, at: now)
        environment.audit("refresh.reuse", accountID: record.accountID, clientID: client.id,
                          detail: "a refresh token presented after a later one of its family was used; grant revoked",
                          in: storage)
        throw OAuthError.invalidGrant("the refresh token is invalid")
    }
}
