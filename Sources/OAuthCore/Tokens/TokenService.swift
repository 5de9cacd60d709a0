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

    /// A new opaque access token (RFC 6749 §1.4) living `accessTokenLifetime`.
    public func issueAccessToken(for subject: Subject, in storage: any Storage) throws -> String {
        try issue(.access, subject, lifetime: configuration.accessTokenLifetime, storage)
    }

    /// An access token for a refresh, outside any transaction, read and written in the store's one step
    /// (TokenPathStore `insertToken(derivedFrom:readAhead:at:_:)`): `subject` checks the live refresh token
    /// and says what the new token is for; the token is written only while the refresh token is still
    /// live. Not live: `invalid_grant`, nothing written; an error of `subject` is thrown as is.
    /// `readAhead`: the refresh token as the token endpoint read it with the client; not read again.
    public func issueAccessToken(
        refreshing refreshHash: String, readAhead: LiveToken? = nil, in storage: any Storage,
        subject: @escaping @Sendable (LiveToken) throws -> Subject
    ) async throws -> (token: String, subject: Subject, account: Account) {
        let token = newTokenString(.access)
        let hash = OpaqueToken.hash(token.value)
        let lifetime = configuration.accessTokenLifetime
        let derived = try await storage.insertToken(derivedFrom: refreshHash, readAhead: readAhead, at: token.issued) {
            live in Self.record(hash, .access, try subject(live), issued: token.issued, lifetime: lifetime)
        }
        guard let derived else { throw OAuthError.invalidGrant("the refresh token is invalid") }
        return (token.value, Subject(derived.inserted), derived.from.account)
    }

    /// `issueAccessToken(refreshing:…)` when the request narrows nothing: the access token is for what
    /// the refresh token under `refreshHash` was granted, and it must be a refresh token of `clientID`;
    /// written in the store's one step with no read before it (TokenPathStore `insertAccessToken`).
    /// Not live, or not so: `invalid_grant`, nothing written.
    public func issueAccessToken(refreshingAsGranted refreshHash: String, for clientID: String, in storage: any Storage)
        async throws -> (token: String, subject: Subject, account: Account)
    {
        let token = newTokenString(.access)
        let recipe = AccessTokenRecipe(
            hash: OpaqueToken.hash(token.value), clientID: clientID, createdAt: token.issued,
            lifetime: configuration.accessTokenLifetime)
        guard let written = try await storage.insertAccessToken(recipe, refreshing: refreshHash, at: token.issued) else {
            throw OAuthError.invalidGrant("the refresh token is invalid")
        }
        return (token.value, Subject(written.record), written.account)
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
        let token = newTokenString(kind)
        return (token.value, Self.record(OpaqueToken.hash(token.value), kind, subject, issued: token.issued, lifetime: lifetime))
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
