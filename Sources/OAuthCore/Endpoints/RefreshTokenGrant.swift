import Foundation
import Support

/// RFC 6749 §6: a new access token for a refresh token. Earlier unexpired access tokens keep
/// working and, without rotation, the same refresh token is returned
/// (https://developers.google.com/identity/account-linking/unlinking).
struct RefreshTokenGrant: TokenGrant {
    static let grantType = "refresh_token"

    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) throws -> JSONValue {
        guard let token = request.parameters["refresh_token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("refresh_token is missing")
        }
        let issued = try committingRefusals(environment.storage) { storage in
            let now = environment.clock.now()
            let record = try live(token, client, storage, now)
            let scope = try narrowed(request.parameters["scope"], record.scope)
            let subject = TokenService.Subject(
                grantID: record.grantID, clientID: client.id,
                accountID: record.accountID, scope: scope, authTime: record.authTime)
            let choice = try rotation(token, record, client, storage, now, environment)
            return try TokenIssuer(environment: environment, storage: storage).respond(
                subject, for: client, refreshToken: choice)
        }
        return try issued.response(environment)
    }

    /// Issued to this client, unrevoked, unexpired, under an active grant of an active account.
    private func live(_ token: String, _ client: Client, _ storage: any Storage, _ now: Date) throws
        -> TokenRecord
    {
        guard let record = try storage.token(hash: OpaqueToken.hash(token)), record.kind == .refresh,
            // A revoked grant has revoked this token too (GrantStore.revokeGrant).
            record.clientID.sameBytes(client.id), record.isUsable(at: now),
            try storage.account(id: record.accountID)?.status == .active
        else { throw OAuthError.invalidGrant("the refresh token is invalid") }
        return record
    }

    /// RFC 6749 §6: a narrower scope may be asked for, never a wider one.
    private func narrowed(_ text: String?, _ granted: [String]) throws -> [String] {
        guard let text else { return granted }
        let requested = ScopeRules.parse(text)
        guard !requested.isEmpty, requested.allSatisfy(granted.contains) else {
            throw OAuthError.invalidScope("the requested scope exceeds the granted scope")
        }
        return requested
    }

    /// Opt-in rotation (RFC 9700 §4.14.2) with a grace period: a rotated token presented again
    /// within it gets a fresh pair (Google fires concurrent refreshes,
    /// https://developers.google.com/identity/account-linking/gal-validation-tool); after it, the
    /// reuse is treated as theft and the grant is revoked. Each new token is recorded as a child of
    /// the presented one: when two children of one parent are both used, the grace period was used
    /// to fork the family (a replayed token), and the grant is revoked too. Google keeps only one
    /// answer of its concurrent refreshes, so only one child is ever used.
    private func rotation(
        _ token: String, _ record: TokenRecord, _ client: Client, _ storage: any Storage,
        _ now: Date, _ environment: OAuthEnvironment
    ) throws -> TokenIssuer.RefreshChoice {
        guard client.rotateRefreshTokens else { return .same(token) }
        guard try storage.useRefreshToken(hash: record.hash, at: now) else {
            try revokeFamily(record, client, storage, now, environment, "a second child of one refresh token used")
        }
        if record.rotatedAt == nil, try storage.markRotated(hash: record.hash, at: now) { return .successor(record.hash) }
        let rotatedAt = try storage.token(hash: record.hash)?.rotatedAt ?? now
        guard now.timeIntervalSince(rotatedAt) <= environment.configuration.rotationGracePeriod else {
            try revokeFamily(record, client, storage, now, environment, "rotated refresh token reused after the grace period")
        }
        return .successor(record.hash)
    }

    private func revokeFamily(
        _ record: TokenRecord, _ client: Client, _ storage: any Storage, _ now: Date,
        _ environment: OAuthEnvironment, _ why: String
    ) throws -> Never {
        // Both ways a family is caught (a fork, a replay after the grace period) are the same security event.
        environment.logger.security(
            SecurityEvent.refreshTokenReuse, ["oauth.client_id": client.id, "oauth.grant_id": record.grantID])
        _ = try storage.revokeGrant(id: record.grantID, at: now)
        environment.audit("refresh.reuse", accountID: record.accountID, clientID: client.id,
                          detail: why + "; grant revoked", in: storage)
        throw OAuthError.invalidGrant("the refresh token is invalid")
    }
}
