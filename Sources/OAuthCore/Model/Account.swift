import Foundation

/// One person. Identities (password, Apple, Google) point at it; it never has two of one provider+subject.
public struct Account: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable { case active, disabled, deleted }

    public var id: String
    public var status: Status
    public var email: String?
    public var emailVerified: Bool
    public var displayName: String?
    public var createdAt: Date
    /// Made by the person through self-service sign-up (not by an operator: `user add`, the admin API).
    /// Such an account whose email is not verified is "unproven" (`UnprovenAccountRule`).
    public var selfService: Bool

    public init(id: String, status: Status = .active, email: String?, emailVerified: Bool,
                displayName: String?, createdAt: Date, selfService: Bool = false) {
        self.id = id
        self.status = status
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.createdAt = createdAt
        self.selfService = selfService
    }
}

/// A way to sign in: (provider, subject) is unique; an email is never an identity
/// (docs/architecture.md, Decisions).
public struct LinkedIdentity: Sendable, Equatable, Codable {
    public enum Provider: String, Sendable, Codable, CaseIterable { case password, apple, google, passkey }

    public var id: String
    public var accountID: String
    public var provider: Provider
    /// Apple/Google `sub`; for `password` the normalised email; for `passkey` the credential ID (base64url).
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    /// Apple's private relay (`privaterelay.appleid.com`): never matched to other accounts by email.
    public var isPrivateEmail: Bool
    /// Apple `real_user_status` (0 unsupported, 1 unknown, 2 likely real).
    public var realUserStatus: Int?
    /// False after Apple's `email-disabled` notification: mail no longer reaches the relay address.
    public var emailReachable: Bool
    /// Google's `picture` claim (an `https` URL of the profile photo), shown by `GET /api/account`.
    public var picture: String?
    public var firstSignInAt: Date
    public var lastSignInAt: Date

    public init(id: String, accountID: String, provider: Provider, subject: String, email: String?,
                emailVerified: Bool, isPrivateEmail: Bool = false, realUserStatus: Int? = nil,
                emailReachable: Bool = true, picture: String? = nil, firstSignInAt: Date, lastSignInAt: Date) {
        self.id = id
        self.accountID = accountID
        self.provider = provider
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.isPrivateEmail = isPrivateEmail
        self.realUserStatus = realUserStatus
        self.emailReachable = emailReachable
        self.picture = picture
        self.firstSignInAt = firstSignInAt
        self.lastSignInAt = lastSignInAt
    }
}

/// A provider refresh token kept so that it can be revoked later (Apple `/auth/revoke`, rule 5.1.1(v)).
public struct ThirdPartyToken: Sendable, Equatable, Codable {
    public var identityID: String
    public var accountID: String
    public var provider: LinkedIdentity.Provider
    /// AES-256-GCM sealed with the master key; never stored in clear.
    public var encryptedRefreshToken: [UInt8]
    public var createdAt: Date
    /// What the provider's revocation event may name the token by, so that the event finds its row by
    /// index instead of opening every stored token (Google's RISC `token-revoked`:
    /// Identity/Risc/TokenIdentifier+LookupKeys.swift makes them). nil for a provider that sends no such
    /// event, and for a token stored before they were kept.
    public var lookupKeys: LookupKeys?

    /// One value per identifier algorithm; neither holds any part of the token in clear.
    public struct LookupKeys: Sendable, Equatable, Codable {
        /// A MAC of the token's first bytes (identifier algorithm `prefix`).
        public var prefix: String
        /// A one-way hash of the whole token (identifier algorithm `hash_base64_sha512_sha512`).
        public var hash: String

        public init(prefix: String, hash: String) {
            self.prefix = prefix
            self.hash = hash
        }
    }

    /// One of a token's lookup keys, as a revocation event names it.
    public enum LookupKey: Sendable, Equatable {
        case prefix(String)
        case hash(String)

        /// The key itself, of either kind.
        public var value: String {
            switch self {
            case .prefix(let value), .hash(let value): value
            }
        }
    }

    public init(identityID: String, accountID: String, provider: LinkedIdentity.Provider,
                encryptedRefreshToken: [UInt8], createdAt: Date, lookupKeys: LookupKeys? = nil) {
        self.identityID = identityID
        self.accountID = accountID
        self.provider = provider
        self.encryptedRefreshToken = encryptedRefreshToken
        self.createdAt = createdAt
        self.lookupKeys = lookupKeys
    }
}

/// A revocation at a provider that could not be delivered yet; retried until it succeeds.
public struct PendingRevocation: Sendable, Equatable, Codable {
    public var id: String
    public var provider: LinkedIdentity.Provider
    public var encryptedRefreshToken: [UInt8]
    public var attempts: Int
    public var nextAttemptAt: Date
    public var lastError: String?

    public init(id: String, provider: LinkedIdentity.Provider, encryptedRefreshToken: [UInt8], attempts: Int = 0,
                nextAttemptAt: Date, lastError: String? = nil) {
        self.id = id
        self.provider = provider
        self.encryptedRefreshToken = encryptedRefreshToken
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
    }
}
