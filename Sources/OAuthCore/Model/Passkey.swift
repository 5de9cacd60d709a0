import Foundation

/// A passkey (W3C WebAuthn Level 3 discoverable credential) of an account. It is also one of the
/// account's identities (provider `passkey`, subject = the credential ID), so the rules about sign-in
/// methods (never remove the last, removed with the account) cover it; this record holds the key.
public struct Passkey: Sendable, Equatable {
    /// The credential ID, base64url without padding; unique across all accounts.
    public var credentialID: String
    public var accountID: String
    public var identityID: String
    /// The credential public key as the authenticator encoded it (COSE_Key, RFC 9052 §7).
    public var publicKey: [UInt8]
    /// The last signature counter seen (§6.1.1); 0 for authenticators that keep none (synced passkeys).
    public var signCount: Int64
    /// The BE and BS flags (§6.1.3): may be synced, and is synced (backed up) now.
    public var backupEligible: Bool
    public var backedUp: Bool
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(credentialID: String, accountID: String, identityID: String, publicKey: [UInt8], signCount: Int64,
                backupEligible: Bool, backedUp: Bool, name: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.credentialID = credentialID
        self.accountID = accountID
        self.identityID = identityID
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// One registration, sign-in or sign-up ceremony in progress: its challenge lives until `expiresAt`
/// and is used once. Only the hash of the `flow_id` handed to the client is stored.
public struct WebAuthnFlow: Sendable, Equatable {
    public enum Purpose: String, Sendable { case registration, authentication, signUp = "signup" }

    public var idHash: String
    public var purpose: Purpose
    public var challenge: [UInt8]
    /// Registration: the signed-in account; sign-up: the account made for it.
    public var accountID: String?
    /// Sign-in and sign-up: the client that asked.
    public var clientID: String?
    /// Sign-up: the address and the optional name the account is made with when the passkey comes back.
    public var email: String?
    public var displayName: String?
    public var expiresAt: Date

    public init(idHash: String, purpose: Purpose, challenge: [UInt8], accountID: String? = nil, clientID: String? = nil,
                email: String? = nil, displayName: String? = nil, expiresAt: Date) {
        self.idHash = idHash
        self.purpose = purpose
        self.challenge = challenge
        self.accountID = accountID
        self.clientID = clientID
        self.email = email
        self.displayName = displayName
        self.expiresAt = expiresAt
    }
}
