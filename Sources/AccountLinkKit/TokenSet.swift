import Foundation

/// The app's tokens from AccountLink's token endpoint (RFC 6749 §5.1), with the absolute expiry.
public struct TokenSet: Codable, Equatable, Sendable {
    public var accessToken: String
    public var refreshToken: String?
    public var expiresAt: Date
    public var scope: String?
    public var idToken: String?
    /// The account's stable id (`account_id`), the same as `/api/account`'s `id`.
    public var accountID: String?

    public init(accessToken: String, refreshToken: String?, expiresAt: Date, scope: String? = nil,
                idToken: String? = nil, accountID: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.idToken = idToken
        self.accountID = accountID
    }

    /// True when the access token expires within `margin` of `now` (refresh before expiry).
    public func needsRefresh(at now: Date, margin: TimeInterval) -> Bool {
        expiresAt.timeIntervalSince(now) <= margin
    }
}

/// The token endpoint's JSON (RFC 6749 §5.1, plus `account_id`, `account_created` for native sign-in).
struct TokenResponse: Decodable {
    let access_token: String
    let token_type: String
    let expires_in: Int
    let refresh_token: String?
    let scope: String?
    let id_token: String?
    let account_id: String?
    let account_created: Bool?

    /// A refresh answer may omit the refresh token (RFC 6749 §6): the old one stays valid then.
    func tokens(issuedAt now: Date, previous: TokenSet? = nil) -> TokenSet {
        TokenSet(accessToken: access_token, refreshToken: refresh_token ?? previous?.refreshToken,
                 expiresAt: now.addingTimeInterval(TimeInterval(expires_in)), scope: scope ?? previous?.scope,
                 idToken: id_token ?? previous?.idToken, accountID: account_id ?? previous?.accountID)
    }
}

/// The error JSON (RFC 6749 §5.2), plus `link_token` with `link_required`.
struct ErrorResponse: Decodable {
    let error: String
    let error_description: String?
    let link_token: String?
}
