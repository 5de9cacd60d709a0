import Foundation
import Support

/// The new access and refresh tokens of a grant, made before its store call (only their hashes reach the
/// store): the store writes them for the subject it finds (`records(for:)`).
public struct TokenPairRecipe: Sendable, Equatable {
    public var accessHash: String
    public var refreshHash: String
    public var createdAt: Date
    public var accessLifetime: TimeInterval?
    public var refreshLifetime: TimeInterval?

    public init(accessHash: String, refreshHash: String, createdAt: Date, accessLifetime: TimeInterval?,
                refreshLifetime: TimeInterval?) {
        self.accessHash = accessHash
        self.refreshHash = refreshHash
        self.createdAt = createdAt
        self.accessLifetime = accessLifetime
        self.refreshLifetime = refreshLifetime
    }

    /// The two records for `subject`, as TokenService makes every token's record.
    public func records(for subject: TokenService.Subject) -> (access: TokenRecord, refresh: TokenRecord) {
        (TokenService.record(accessHash, .access, subject, issued: createdAt, lifetime: accessLifetime),
         TokenService.record(refreshHash, .refresh, subject, issued: createdAt, lifetime: refreshLifetime))
    }
}

/// RFC 6749 §4.1.3: what AuthorizationCodeGrant asks of the store (`redeemCode(_:at:)`): the code, what the
/// request says of it (its checks are AuthorizationCodeGrant's, `check(_:at:)`), and the tokens to write.
public struct CodeRedemption: Sendable {
    public var codeHash: String
    /// The authenticated client, its registered redirect URIs and whether it is public.
    public var client: Client
    /// The request's `redirect_uri` and `code_verifier`.
    public var redirectURI: String?
    public var codeVerifier: String?
    public var tokens: TokenPairRecipe
    /// For the events of a replay's revocation (EventOutbox).
    public var random: any RandomSource

    public init(codeHash: String, client: Client, redirectURI: String?, codeVerifier: String?, tokens: TokenPairRecipe,
                random: any RandomSource) {
        self.codeHash = codeHash
        self.client = client
        self.redirectURI = redirectURI
        self.codeVerifier = codeVerifier
        self.tokens = tokens
        self.random = random
    }

    public enum Outcome: Sendable {
        /// Consumed, checked, its grant and account active: the tokens are written for the code's subject.
        case issued(AuthorizationCode, Account)
        /// Presented again (RFC 6749 §4.1.2): its grant is now revoked, with its events; nothing issued.
        case replayed(AuthorizationCode)
    }
}

/// Opt-in rotation (RFC 9700 §4.14.2): what RefreshTokenGrant asks of the store (`rotateRefreshToken(_:at:)`).
public struct RefreshRotationRequest: Sendable {
    public var refreshHash: String
    /// The authenticated client: the token must be its refresh token (compared as bytes).
    public var clientID: String
    /// The request's `scope` (RFC 6749 §6), checked before rotation writes anything.
    public var requestedScope: String?
    public var reuseWindow: TimeInterval
    public var tokens: TokenPairRecipe
    /// For the events of a theft's revocation (EventOutbox).
    public var random: any RandomSource

    public init(refreshHash: String, clientID: String, requestedScope: String?, reuseWindow: TimeInterval,
                tokens: TokenPairRecipe, random: any RandomSource) {
        self.refreshHash = refreshHash
        self.clientID = clientID
        self.requestedScope = requestedScope
        self.reuseWindow = reuseWindow
        self.tokens = tokens
        self.random = random
    }

    public enum Outcome: Sendable {
        /// A first presentation or a retry after a lost answer (RefreshRotation): a fresh pair written, the
        /// new refresh token recorded as a child of the presented one (`RefreshLineageStore`); a retry audited
        /// (`refresh.retry`).
        case rotated(RefreshRotation.Presentation, LiveToken, TokenService.Subject)
        /// A later token of its family was used: the grant is now revoked, with its events and the audit entry
        /// `refresh.reuse`; nothing issued.
        case theft(TokenRecord)
    }
}
