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

    /// A new opaque access token (RFC 6749 §1.4) living `accessTokenLifetime`.
    public func issueAccessToken(for subject: Subject, in storage: any Storage) throws -> String {
        try issue(.access, subject, lifetime: configuration.accessTokenLifetime, storage)
    }

    /// An access token for a refresh, outside any transaction: written only while the refresh token
    /// stored under `refreshHash` is still live (TokenPathStore), else `invalid_grant` and nothing is
    /// written. The write waits in the store's group commit without holding a thread.
    public func issueAccessToken(for subject: Subject, whileLive refreshHash: String, in storage: any Storage)
        async throws -> String
    {
        let (token, record) = newToken(.access, subject, lifetime: configuration.accessTokenLifetime)
        guard try await storage.insertToken(record, whileLive: refreshHash, at: record.createdAt) else {
            throw OAuthError.invalidGrant("the refresh token is invalid")
        }
        return token
    }

    /// A new refresh token (RFC 6749 §1.5); never expires unless `refreshTokenLifetime` is set.
    public func issueRefreshToken(for subject: Subject, in storage: any Storage) throws -> String {
        try issue(.refresh, subject, lifetime: configuration.refreshTokenLifetime, storage)
    }

    private func issue(
        _ kind: TokenRecord.Kind, _ subject: Subject, lifetime: TimeInterval?, _ storage: any Storage
    ) throws -> String {
        let (token, record) = newToken(kind, subject, lifetime: lifetime)
        try storage.insertToken(record)
        return token
    }

    /// A new token and the record stored for it (its hash, never the token).
    private func newToken(_ kind: TokenRecord.Kind, _ subject: Subject, lifetime: TimeInterval?)
        -> (String, TokenRecord)
    {
        let now = environment.clock.now()
        let token = OpaqueToken.generate(kind == .access ? .access : .refresh, at: now, random: environment.random)
        let record = TokenRecord(
            hash: OpaqueToken.hash(token), kind: kind, grantID: subject.grantID, clientID: subject.clientID,
            accountID: subject.accountID, scope: subject.scope, authTime: subject.authTime, createdAt: now,
            expiresAt: lifetime.map { now.addingTimeInterval($0) })
        return (token, record)
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
    public func verifyAccessToken(_ token: String) throws(OAuthError) -> Bearer {
        let storage = environment.storage
        let now = environment.clock.now()
        return try OAuthError.mapping {
            guard let live = try storage.liveToken(hash: OpaqueToken.hash(token), at: now), live.record.kind == .access
            else { throw invalidToken("unknown, expired or revoked access token, or an inactive account") }
            return Bearer(record: live.record, account: live.account)
        }
    }

    private func invalidToken(_ detail: String) -> OAuthError {
        environment.logger.security(SecurityEvent.tokenRefused, ["oauth.detail": detail])
        return OAuthError(.invalidToken, "the access token is invalid", detail: detail)
    }
}
