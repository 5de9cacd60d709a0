import Foundation

/// "Account X is linked to client Y with these scopes." Every code and token hangs off one grant,
/// so revoking the grant (unlink, deletion, code replay) ends all of them at once.
public struct Grant: Sendable, Equatable, Codable {
    public var id: String
    public var accountID: String
    public var clientID: String
    public var scope: [String]
    public var createdAt: Date
    public var revokedAt: Date?
    /// Where the sign-in that made this grant came from (a first-party app sign-in; the account page).
    public var origin: SignInOrigin

    public init(id: String, accountID: String, clientID: String, scope: [String], createdAt: Date,
                revokedAt: Date? = nil, origin: SignInOrigin = SignInOrigin()) {
        self.id = id
        self.accountID = accountID
        self.clientID = clientID
        self.scope = scope
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.origin = origin
    }

    public var isActive: Bool { revokedAt == nil }
}

/// An authorization code (RFC 6749 §4.1.2), stored by hash, single use, bound to everything it was
/// issued for.
public struct AuthorizationCode: Sendable, Equatable, Codable {
    public var hash: String
    public var grantID: String
    public var clientID: String
    public var accountID: String
    public var redirectURI: String
    public var scope: [String]
    public var nonce: String?
    /// RFC 7636 `code_challenge` (S256 only), nil when the request carried none.
    public var codeChallenge: String?
    public var authTime: Date
    public var createdAt: Date
    public var expiresAt: Date
    public var consumedAt: Date?

    public init(hash: String, grantID: String, clientID: String, accountID: String, redirectURI: String,
                scope: [String], nonce: String?, codeChallenge: String?, authTime: Date, createdAt: Date,
                expiresAt: Date, consumedAt: Date? = nil) {
        self.hash = hash
        self.grantID = grantID
        self.clientID = clientID
        self.accountID = accountID
        self.redirectURI = redirectURI
        self.scope = scope
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.authTime = authTime
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
    }
}

/// An access or refresh token, stored by hash only.
public struct TokenRecord: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case access, refresh }

    public var hash: String
    public var kind: Kind
    public var grantID: String
    public var clientID: String
    public var accountID: String
    public var scope: [String]
    public var authTime: Date
    public var createdAt: Date
    /// nil: never expires (Google's refresh tokens, per its unlinking guidance).
    public var expiresAt: Date?
    public var revokedAt: Date?
    /// Rotation: when this refresh token was exchanged for a successor (reuse after the grace period
    /// revokes the grant).
    public var rotatedAt: Date?

    public init(hash: String, kind: Kind, grantID: String, clientID: String, accountID: String, scope: [String],
                authTime: Date, createdAt: Date, expiresAt: Date?, revokedAt: Date? = nil, rotatedAt: Date? = nil) {
        self.hash = hash
        self.kind = kind
        self.grantID = grantID
        self.clientID = clientID
        self.accountID = accountID
        self.scope = scope
        self.authTime = authTime
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.rotatedAt = rotatedAt
    }

    public func isUsable(at now: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { now < $0 } ?? true)
    }
}
