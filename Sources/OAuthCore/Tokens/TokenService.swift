import Foundation
import Support

/// Issues access and refresh tokens and checks bearer tokens. Only hashes reach the store.
public struct TokenService: Sendable {
    /// Who a token was issued for, as the token record says.
    public struct Subject: Sendable, Equatable {
        public var grantID: String
        public var clientID: String
        public var accountID: String
        public var scope: [String]
        public var authTime: Date

        /// What `record` was issued for.
        init(_ record: TokenRecord) {
            self.init(grantID: record.grantID, clientID: record.clientID, accountID: record.accountID,
                      scope: record.scope, authTime: record.authTime)
        }

        public init(grantID: String, clientID: String, accountID: String, scope: [String], authTime: Date) {
            self.grantID = grantID
            self.clientID = clientID
            self.accountID = accountID
            self.scope = scope
            self.authTime = authTime
        }
    }

    /// A verified bearer token with its live account.
    public struct Bearer: Sendable, Equatable {
        public var record: TokenRecord
        public var account: Account
    }

    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    private var configuration: OAuthConfiguration { environment.configuration }

    /// A new access token for a refresh (RFC 6749 §6) and the recipe the store writes it by
    /// (TokenPathStore `insertAccessToken(_:refreshing:readAhead:at:)`): for the refresh token's grant,
    /// account and auth time, and what it was granted or `requestedScope` within that.
    public func refreshedAccessToken(for clientID: String, requestedScope: String?) -> (token: String, recipe: AccessTokenRecipe) {
        let token = newTokenString(.access)
        let recipe = AccessTokenRecipe(
            hash: OpaqueToken.hash(token.value), clientID: clientID, createdAt: token.issued,
            lifetime: configuration.accessTokenLifetime, requestedScope: requestedScope)
        return (token.value, recipe)
    }

    /// A new access token and refresh token (RFC 6749 §1.4, §1.5) and the recipe the store writes them by, for
    /// the subject it finds (TokenPathStore `redeemCode`, `rotateRefreshToken`, `startSignIn`).
    public func newTokenPair() -> (access: String, refresh: String, recipe: TokenPairRecipe) {
        let access = newTokenString(.access)
        let refresh = newTokenString(.refresh)
        let recipe = TokenPairRecipe(
            accessHash: OpaqueToken.hash(access.value), refreshHash: OpaqueToken.hash(refresh.value),
            createdAt: access.issued, accessLifetime: configuration.accessTokenLifetime,
            refreshLifetime: configuration.refreshTokenLifetime)
        return (access.value, refresh.value, recipe)
    }

    private func newTokenString(_ kind: TokenRecord.Kind) -> (value: String, issued: Date) {
        let now = environment.clock.now()
        return (OpaqueToken.generate(kind == .access ? .access : .refresh, at: now, random: environment.random), now)
    }

    static func record(
        _ hash: String, _ kind: TokenRecord.Kind, _ subject: Subject, issued: Date, lifetime: TimeInterval?
    ) -> TokenRecord {
        TokenRecord(
            hash: hash, kind: kind, grantID: subject.grantID, clientID: subject.clientID,
            accountID: subject.accountID, scope: subject.scope, authTime: subject.authTime, createdAt: issued,
            expiresAt: lifetime.map { issued.addingTimeInterval($0) })
    }

    /// RFC 6750 §2.1: `Authorization: Bearer <token>`; the scheme is case-insensitive.
    public static func bearerToken(fromAuthorization header: String?) -> String? {
        guard let header, let credentials = AuthorizationScheme.parameter(of: header, scheme: "bearer") else {
            return nil
        }
        let token = credentials.trimmingOWS
        return token.isEmpty ? nil : token
    }

    /// One query (TokenPathStore.liveToken): an unexpired, unrevoked access token of an active account.
    /// Anything else is `invalid_token` (RFC 6750 §3.1). No grant lookup: revoking a grant revokes its
    /// tokens in the same transaction (GrantStore.revokeGrant), so `revokedAt` already says it.
    public func verifyAccessToken(_ token: String) async throws(OAuthError) -> Bearer {
        let storage = environment.storage
        let now = environment.clock.now()
        return try await OAuthError.mapping {
            guard let live = try await storage.readLiveToken(hash: OpaqueToken.hash(token), at: now), live.record.kind == .access
            else { throw invalidToken("unknown, expired or revoked access token, or an inactive account") }
            return Bearer(record: live.record, account: live.account)
        }
    }

    private func invalidToken(_ detail: String) -> OAuthError {
        environment.logger.security(SecurityEvent.tokenRefused, account: nil, ["oauth.detail": detail])
        return OAuthError(.invalidToken, "the access token is invalid", detail: detail)
    }
}
