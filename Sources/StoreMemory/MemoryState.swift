import Foundation
import Support
import Identity
import Mail
import OAuthCore

/// The whole memory store as one value, so a transaction is "copy, mutate, write back".
struct MemoryState: Sendable {
    /// Keyed by the id's UTF-8 bytes: a String key would match canonically equivalent ids.
    var clients: [[UInt8]: Client] = [:]
    /// Custom scopes keyed by the name's UTF-8 bytes.
    var scopes: [[UInt8]: CustomScope] = [:]
    var accounts: [String: Account] = [:]
    var accountOrder: [String] = []
    var identities: [String: LinkedIdentity] = [:]
    var passwords: [String: String] = [:]
    var thirdPartyTokens: [String: ThirdPartyToken] = [:]
    var pendingRevocations: [String: PendingRevocation] = [:]
    var grants: [String: Grant] = [:]
    var grantOrder: [String] = []
    var codes: [String: AuthorizationCode] = [:]
    var tokens: [String: TokenRecord] = [:]
    var sessions: [String: Session] = [:]
    var interactions: [String: Interaction] = [:]
    var signingKeys: [StoredSigningKey] = []
    var notifications: [String: Date] = [:]
    var audit: [AuditEvent] = []
    var securityEvents: [String: Date] = [:]
    var providerHolds: [String: ProviderHold] = [:]
    /// (provider, subject, effect) → the applied event's time in milliseconds (InboundEventStore).
    var inboundMarks: [String: Int64] = [:]
    var appleTransfers: [String: AppleTransfer] = [:]
    var loginAttempts: [String: LoginAttemptRecord] = [:]
    /// Refresh token hash → (parent hash, used at).
    var refreshLineage: [String: (parent: String, usedAt: Date?, createdAt: Date)] = [:]
    var oneTimeTokens: [String: OneTimeToken] = [:]
    var outbox: [String: OutboxMail] = [:]
    var outboxOrder: [String] = []
    /// Keyed by the credential ID's UTF-8 bytes (the ID is compared as bytes).
    var passkeys: [[UInt8]: Passkey] = [:]
    var webauthnFlows: [String: WebAuthnFlow] = [:]
    var webhookEndpoints: [String: WebhookEndpoint] = [:]
    var eventDeliveries: [String: EventDelivery] = [:]

    /// One insert for both token writes (a plain one and the token path's conditional one).
    mutating func insertToken(_ token: TokenRecord) throws {
        try tokens.insertNew(token, at: token.hash, conflict: "token exists")
    }

    mutating func revokeGrant(id: String, at time: Date) -> Bool {
        guard var grant = grants[id], grant.revokedAt == nil else { return false }
        grant.revokedAt = time
        grants[id] = grant
        for (hash, code) in codes where code.grantID == id && code.consumedAt == nil {
            codes[hash]?.consumedAt = time
        }
        for (hash, token) in tokens where token.grantID == id && token.revokedAt == nil {
            tokens[hash]?.revokedAt = time
        }
        return true
    }

    mutating func eraseAccount(id: String, at time: Date) -> Bool {
        guard var account = accounts[id], account.status != .deleted else { return false }
        account.status = .deleted
        account.email = nil
        account.displayName = nil
        account.emailVerified = false
        accounts[id] = account
        identities = identities.filter { $0.value.accountID != id }
        passwords[id] = nil
        passkeys = passkeys.filter { !$0.value.accountID.sameBytes(id) }
        thirdPartyTokens = thirdPartyTokens.filter { $0.value.accountID != id }
        sessions = sessions.filter { $0.value.accountID != id }
        oneTimeTokens = oneTimeTokens.filter { $0.value.accountID != id }
        outbox = outbox.filter { $0.value.accountID != id }
        outboxOrder = outboxOrder.filter { outbox[$0] != nil }
        for grant in grants.values where grant.accountID.sameBytes(id) { _ = revokeGrant(id: grant.id, at: time) }
        return true
    }

    mutating func purgeExpired(before time: Date) -> Int {
        let before = codes.count + tokens.count + sessions.count + interactions.count + oneTimeTokens.count
        codes = codes.filter { $0.value.expiresAt >= time }
        tokens = tokens.filter { $0.value.expiresAt.map { $0 >= time } ?? true }
        sessions = sessions.filter { $0.value.expiresAt >= time }
        interactions = interactions.filter { $0.value.expiresAt >= time }
        oneTimeTokens = oneTimeTokens.filter { $0.value.expiresAt >= time }
        return before - (codes.count + tokens.count + sessions.count + interactions.count + oneTimeTokens.count)
    }
}
