import Foundation
import Support

/// RFC 6749 §6: a new access token for a refresh token. Earlier unexpired access tokens keep
/// working and, without rotation, the same refresh token is returned
/// (https://developers.google.com/identity/account-linking/unlinking).
struct RefreshTokenGrant: TokenGrant {
    static let grantType = "refresh_token"
    /// Without rotation its one store call suspends; rotation's transaction and an ID token's signature go
    /// to the blocking executor (`OAuthEnvironment.blocking`).
    var suspendsOnly: Bool { true }

    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) async throws -> JSONValue {
        guard let token = request.parameters["refresh_token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("refresh_token is missing")
        }
        guard client.rotateRefreshTokens else { return try await unrotated(token, request, client, environment) }
        // Rotation's one store call is a transaction: off the loop a refresh may run on.
        return try await environment.blocking { try rotated(token, request, client, environment) }
    }

    /// Without rotation (how Google refreshes a linking token): one store call, which writes the new access
    /// token while the refresh token is still live (TokenPathStore `insertAccessToken(_:refreshing:readAhead:at:)`),
    /// so a revocation committed since any read still wins; it suspends (the server runs refreshes on
    /// PostgreSQL's reader: OAuthCoreTests/LoopRequestsTests). When the endpoint read the token with the
    /// client, the store does not read it again.
    private func unrotated(
        _ token: String, _ request: TokenRequest, _ client: Client, _ environment: OAuthEnvironment
    ) async throws -> JSONValue {
        // Hashed once, by the endpoint (`presentedHash`); here only when the grant is called without it.
        let hash = request.presentedHash ?? OpaqueToken.hash(token)
        // Read with the client and not live: refused without a store call.
        let readAhead = try request.presented.map { try Self.checked($0, client) }
        let access = TokenService(environment: environment)
            .refreshedAccessToken(for: client.id, requestedScope: request.parameters["scope"])
        guard let written = try await environment.storage.insertAccessToken(
            access.recipe, refreshing: hash, readAhead: readAhead, at: access.recipe.createdAt)
        else { throw OAuthError.invalidGrant("the refresh token is invalid") }
        return try await TokenIssuer(environment: environment, storage: environment.storage)
            .refreshed(access.token, written: written, refreshToken: token, for: client).respond(environment)
    }

    /// The refresh token, read with the client (TokenEndpoint). Used without rotation; with it, the
    /// checks read the token again inside their transaction.
    func presentedTokenHash(_ request: TokenRequest) -> String? {
        guard let token = request.parameters["refresh_token"], !token.isEmpty else { return nil }
        return OpaqueToken.hash(token)
    }

    /// A live refresh token of this client (a revoked grant has revoked its tokens too, GrantStore.revokeGrant).
    private static func checked(_ found: LiveToken?, _ client: Client) throws -> LiveToken {
        guard let live = found, live.record.kind == .refresh, live.record.clientID.sameBytes(client.id)
        else { throw OAuthError.invalidGrant("the refresh token is invalid") }
        return live
    }

    /// Opt-in rotation (RFC 9700 §4.14.2) by the rule of RefreshRotation, in the store's one call
    /// (TokenPathStore `rotateRefreshToken`, a transaction that reads the token again): a first presentation or
    /// a retry after a lost answer gets a fresh pair (each new token recorded as a child of the presented one);
    /// presenting a token after a later one of its family was used revokes the grant. A retry and a theft are
    /// different audit events and security-event kinds (the server's `/metrics`).
    private func rotated(
        _ token: String, _ request: TokenRequest, _ client: Client, _ environment: OAuthEnvironment
    ) throws -> JSONValue {
        let pair = TokenService(environment: environment).newTokenPair()
        let rotation = RefreshRotationRequest(
            refreshHash: request.presentedHash ?? OpaqueToken.hash(token), clientID: client.id,
            requestedScope: request.parameters["scope"], reuseWindow: environment.configuration.refreshReuseWindow,
            tokens: pair.recipe, random: environment.random)
        switch try environment.storage.rotateRefreshToken(rotation, at: environment.clock.now()) {
        case .theft(let record):
            theft(record, client, environment)
            throw OAuthError.invalidGrant("the refresh token is invalid")
        case .rotated(let presentation, let live, let subject):
            if presentation == .retry { retried(live.record, client, environment) }
            return try TokenIssuer(environment: environment, storage: environment.storage)
                .pair(access: pair.access, refresh: pair.refresh, subject, for: client, account: live.account)
                .response(environment)
        }
    }

    /// The store audited the retry with the fresh pair (`rotateRefreshToken`).
    private func retried(_ record: TokenRecord, _ client: Client, _ environment: OAuthEnvironment) {
        environment.logger.security(
            SecurityEvent.refreshTokenRetry, account: record.accountID,
            ["oauth.client_id": client.id, "oauth.grant_id": record.grantID], level: .info)
    }

    /// The store revoked the grant with its events and audited it (`rotateRefreshToken`).
    private func theft(_ record: TokenRecord, _ client: Client, _ environment: OAuthEnvironment) {
        environment.logger.security(
            SecurityEvent.refreshTokenReuse, account: record.accountID, ["oauth.client_id": client.id, "oauth.grant_id": record.grantID])
    }
}
