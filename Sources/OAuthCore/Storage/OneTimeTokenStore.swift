import Foundation

/// A single-use link token of an email (verification, email change, password reset). The token itself
/// is only in the mail; the store keeps `OpaqueToken.hash` of it (docs/architecture.md, Decisions).
/// It stays beside `Storage` rather than with Identity's flows: signing out everywhere voids the account's
/// links (Identity's `OneTimeLinkRule`) inside the transactions of Apple's and Google's events, whose
/// receivers still hold the whole `Storage`.
public struct OneTimeToken: Sendable, Equatable, Codable {
    public enum Purpose: String, Sendable, Codable, CaseIterable {
        case verifyEmail = "verify_email"
        case changeEmail = "change_email"
        case resetPassword = "reset_password"
        /// The link in the notice to the old address of an email change: cancels it and signs out everywhere.
        case cancelEmailChange = "cancel_email_change"
    }

    public var hash: String
    public var purpose: Purpose
    public var accountID: String
    /// The address the link was mailed to: the one it verifies, or the new address of a change.
    public var email: String
    public var createdAt: Date
    public var expiresAt: Date
    public var usedAt: Date?
    /// Sign-up that signs nobody in until the address is proven (`ACCOUNTLINK_SIGNUP_MODE=verify-first`):
    /// the Argon2id hash of the chosen password, set on the account when this verification link is followed.
    public var passwordHash: String?

    public init(hash: String, purpose: Purpose, accountID: String, email: String, createdAt: Date,
                expiresAt: Date, usedAt: Date? = nil, passwordHash: String? = nil) {
        self.hash = hash
        self.purpose = purpose
        self.accountID = accountID
        self.email = email
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.passwordHash = passwordHash
    }
}

/// The outcome of presenting a one-time token.
public enum OneTimeTokenConsumption: Sendable, Equatable {
    /// First use: the token is now marked used. Expiry and purpose are the caller's checks.
    case consumed(OneTimeToken)
    case alreadyUsed(OneTimeToken)
    case notFound
}

public protocol OneTimeTokenStore {
    /// Throws `.conflict` when the hash exists.
    func insertOneTimeToken(_ token: OneTimeToken) throws
    /// The token as stored, used or not, without changing it (a cheap look before slow work).
    func oneTimeToken(hash: String) throws -> OneTimeToken?
    /// Atomically marks the token used; of concurrent callers exactly one gets `.consumed`.
    func consumeOneTimeToken(hash: String, at time: Date) throws -> OneTimeTokenConsumption
    /// Marks every unused token of that account and purpose used (a new link replaces older ones).
    /// Returns how many it marked.
    @discardableResult
    func invalidateOneTimeTokens(accountID: String, purpose: OneTimeToken.Purpose, at time: Date) throws -> Int
    /// Marks every unused token of that account whose purpose is one of `purposes` used, in one statement
    /// (the account's lifecycle voids its links, Identity's `OneTimeLinkRule`). Returns how many it marked.
    @discardableResult
    func invalidateOneTimeTokens(accountID: String, purposes: Set<OneTimeToken.Purpose>, at time: Date) throws -> Int
}
