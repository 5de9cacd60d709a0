import Foundation
import Identity
import OAuthCore
import Support

extension MemoryStorage {
    public func recordSecurityEvent(jti: String, at time: Date) throws -> Bool {
        try access { state in
            guard state.securityEvents[jti] == nil else { return false }
            state.securityEvents[jti] = time
            return true
        }
    }

    static func holdKey(_ provider: LinkedIdentity.Provider, _ subject: String) -> String { provider.rawValue + "\u{0}" + subject }

    public func saveProviderHold(_ hold: ProviderHold) throws {
        try access { $0.providerHolds[Self.holdKey(hold.provider, hold.subject)] = hold }
    }

    public func providerHold(provider: LinkedIdentity.Provider, subject: String) throws -> ProviderHold? {
        try access { $0.providerHolds[Self.holdKey(provider, subject)] }
    }

    public func deleteProviderHold(provider: LinkedIdentity.Provider, subject: String) throws -> Bool {
        try access { $0.providerHolds.removeValue(forKey: Self.holdKey(provider, subject)) != nil }
    }

    public func thirdPartyTokens(provider: LinkedIdentity.Provider, key: ThirdPartyToken.LookupKey) throws -> [ThirdPartyToken] {
        try access { state in
            state.thirdPartyTokens.values.filter { token in
                guard token.provider == provider else { return false }
                guard let keys = token.lookupKeys else { return true }
                let stored = switch key {
                case .prefix: keys.prefix
                case .hash: keys.hash
                }
                return stored.sameBytes(key.value)
            }.sorted { $0.identityID < $1.identityID }
        }
    }

    public func deleteThirdPartyToken(identityID: String) throws -> Bool {
        try access { $0.thirdPartyTokens.removeValue(forKey: identityID) != nil }
    }

    public func insertAppleTransfer(_ transfer: AppleTransfer) throws -> Bool {
        try access { state in
            guard state.appleTransfers[transfer.transferSub] == nil else { return false }
            state.appleTransfers[transfer.transferSub] = transfer
            return true
        }
    }

    public func appleTransfer(transferSub: String) throws -> AppleTransfer? {
        try access { $0.appleTransfers[transferSub] }
    }

    public func pendingAppleTransfers() throws -> [AppleTransfer] {
        try access { state in
            state.appleTransfers.values.filter { $0.completedAt == nil }.sorted { $0.transferSub < $1.transferSub }
        }
    }

    public func completeAppleTransfer(transferSub: String, newSubject: String, at time: Date) throws -> Bool {
        try access { state in
            guard state.appleTransfers[transferSub] != nil else { return false }
            state.appleTransfers[transferSub]?.newSubject = newSubject
            state.appleTransfers[transferSub]?.completedAt = time
            return true
        }
    }
}
