import Foundation
import Identity
import OAuthCore

/// `LifecycleSignalStore` (Sources/OAuthCore/Storage/LifecycleSignalStore.swift) and `AppleTransferStore`
/// (Sources/Identity/Transfer/AppleTransferStore.swift) over the tables of migration 4.
extension SQLStorage {
    public func recordSecurityEvent(jti: String, at time: Date) throws -> Bool {
        try access {
            try $0.insert(
                "INSERT INTO security_event_receipts (jti, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                [.text(jti), .date(time)]) == 1
        }
    }

    public func saveProviderHold(_ hold: ProviderHold) throws {
        try access {
            try $0.insert(
                """
                INSERT INTO provider_holds (provider, subject, reason, since) VALUES ($1, $2, $3, $4)
                ON CONFLICT (provider, subject) DO UPDATE SET reason = excluded.reason, since = excluded.since
                """, [.text(hold.provider.rawValue), .text(hold.subject), .text(hold.reason), .date(hold.since)])
        }
    }

    public func providerHold(provider: LinkedIdentity.Provider, subject: String) throws -> ProviderHold? {
        try access {
            try $0.query(
                "SELECT provider, subject, reason, since FROM provider_holds WHERE provider = $1 AND subject = $2",
                [.text(provider.rawValue), .text(subject)]
            ) {
                ProviderHold(provider: try $0.raw(0, as: LinkedIdentity.Provider.self), subject: try $0.text(1),
                             reason: try $0.text(2), since: try $0.date(3))
            }
        }.first
    }

    public func deleteProviderHold(provider: LinkedIdentity.Provider, subject: String) throws -> Bool {
        try access {
            try $0.run("DELETE FROM provider_holds WHERE provider = $1 AND subject = $2",
                       [.text(provider.rawValue), .text(subject)]) > 0
        }
    }

    public func thirdPartyTokens(provider: LinkedIdentity.Provider, key: ThirdPartyToken.LookupKey) throws -> [ThirdPartyToken] {
        try access {
            try $0.query(thirdPartyTokenLookupSQL(key), [.text(provider.rawValue), .text(key.value)]) { try $0.thirdPartyToken() }
        }
    }

    public func deleteThirdPartyToken(identityID: String) throws -> Bool {
        try access { try $0.run("DELETE FROM third_party_tokens WHERE identity_id = $1", [.text(identityID)]) > 0 }
    }
}

extension SQLStorage {
    static var appleTransferColumns: String { "transfer_sub, account_id, identity_id, new_subject, completed_at" }

    public func insertAppleTransfer(_ transfer: AppleTransfer) throws -> Bool {
        try access {
            try $0.insert(
                "INSERT INTO apple_transfers (\(Self.appleTransferColumns)) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                [.text(transfer.transferSub), .text(transfer.accountID), .text(transfer.identityID), .optionalText(transfer.newSubject),
                 .optionalDate(transfer.completedAt)]) == 1
        }
    }

    public func appleTransfer(transferSub: String) throws -> AppleTransfer? {
        try access {
            try $0.query("SELECT \(Self.appleTransferColumns) FROM apple_transfers WHERE transfer_sub = $1",
                         [.text(transferSub)]) { try Self.appleTransfer($0) }
        }.first
    }

    public func pendingAppleTransfers() throws -> [AppleTransfer] {
        try access {
            try $0.query(
                "SELECT \(Self.appleTransferColumns) FROM apple_transfers WHERE completed_at IS NULL ORDER BY transfer_sub",
                []) { try Self.appleTransfer($0) }
        }
    }

    public func completeAppleTransfer(transferSub: String, newSubject: String, at time: Date) throws -> Bool {
        try access {
            try $0.run("UPDATE apple_transfers SET new_subject = $2, completed_at = $3 WHERE transfer_sub = $1",
                       [.text(transferSub), .text(newSubject), .date(time)]) > 0
        }
    }

    static func appleTransfer(_ row: any SQLRow) throws -> AppleTransfer {
        AppleTransfer(transferSub: try row.text(0), accountID: try row.text(1), identityID: try row.text(2),
                      newSubject: try row.optionalText(3), completedAt: try row.optionalDate(4))
    }
}

/// The stored tokens of provider $1 under lookup key $2 of `key`'s kind, and those without keys: two index
/// searches (migration 12: one index per key, one over the rows without keys), never a scan
/// (StoreSQLiteTests checks SQLite's plan of this very text).
package func thirdPartyTokenLookupSQL(_ key: ThirdPartyToken.LookupKey) -> String {
    let column = switch key {
    case .prefix: "prefix_key"
    case .hash: "hash_key"
    }
    return """
        SELECT \(Columns.thirdPartyToken) FROM third_party_tokens WHERE provider = $1 AND \(column) = $2
        UNION ALL
        SELECT \(Columns.thirdPartyToken) FROM third_party_tokens WHERE provider = $1 AND prefix_key IS NULL
        ORDER BY identity_id
        """
}
