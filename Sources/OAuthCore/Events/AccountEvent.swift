import Foundation
import JOSE

/// What another system must learn of (docs/webhooks.md, Event types). `data` always carries `account_id`.
public struct AccountEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case accountCreated = "account.created"
        case emailVerified = "account.email_verified"
        case emailChanged = "account.email_changed"
        case accountDisabled = "account.disabled"
        case accountEnabled = "account.enabled"
        case accountDeleted = "account.deleted"
        case identityAdded = "identity.added"
        case identityRemoved = "identity.removed"
        case passkeyAdded = "passkey.added"
        case passkeyRemoved = "passkey.removed"
        case grantRevoked = "grant.revoked"
        case sessionsRevoked = "sessions.revoked"
    }

    /// `grant.revoked`'s `reason`.
    public enum RevocationReason: String, Sendable {
        case user, admin, reuse, apple, deletion
        case googleRisc = "google_risc"
    }

    public var kind: Kind
    public var accountID: String
    /// Further members of `data` (`type`, `client_id`, `reason`), never a secret.
    public var data: [String: String]

    public init(_ kind: Kind, accountID: String, data: [String: String] = [:]) {
        self.kind = kind
        self.accountID = accountID
        self.data = data
    }

    public static func grantRevoked(_ grant: Grant, _ reason: RevocationReason) -> AccountEvent {
        AccountEvent(.grantRevoked, accountID: grant.accountID, data: ["client_id": grant.clientID, "reason": reason.rawValue])
    }

    /// The delivery body: `{"type","timestamp","data":{…}}` (Standard Webhooks' payload structure).
    public func body(at time: Date) -> String {
        var data: [String: JSONValue] = ["account_id": .string(accountID)]
        for (key, value) in self.data { data[key] = .string(value) }
        let object: JSONValue = .object([
            "type": .string(kind.rawValue), "timestamp": .string(Self.timestamp(time)), "data": .object(data),
        ])
        return object.serialized
    }

    static func timestamp(_ time: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: time)
    }
}
