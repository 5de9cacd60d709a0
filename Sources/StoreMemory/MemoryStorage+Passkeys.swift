import Foundation
import OAuthCore
import Support

extension MemoryStorage {
    public func insertPasskey(_ passkey: Passkey) throws {
        let key = Array(passkey.credentialID.utf8)
        try access { try $0.passkeys.insertNew(passkey, at: key, conflict: "passkey exists") }
    }

    public func passkey(credentialID: String) throws -> Passkey? {
        try access { $0.passkeys[Array(credentialID.utf8)] }
    }

    public func passkeys(accountID: String) throws -> [Passkey] {
        try access { state in
            state.passkeys.values.filter { $0.accountID.sameBytes(accountID) }
                .sorted { ($0.createdAt, $0.credentialID) < ($1.createdAt, $1.credentialID) }
        }
    }

    public func recordPasskeyUse(credentialID: String, signCount: Int64, backedUp: Bool, at time: Date) throws -> Bool {
        try access { state in
            let key = Array(credentialID.utf8)
            guard state.passkeys[key] != nil else { return false }
            state.passkeys[key]?.signCount = signCount
            state.passkeys[key]?.backedUp = backedUp
            state.passkeys[key]?.lastUsedAt = time
            return true
        }
    }

    public func renamePasskey(credentialID: String, accountID: String, name: String) throws -> Bool {
        try access { state in
            let key = Array(credentialID.utf8)
            guard state.passkeys[key]?.accountID.sameBytes(accountID) == true else { return false }
            state.passkeys[key]?.name = name
            return true
        }
    }

    public func deletePasskey(credentialID: String) throws -> Bool {
        try access { $0.passkeys.removeValue(forKey: Array(credentialID.utf8)) != nil }
    }

    public func insertWebAuthnFlow(_ flow: WebAuthnFlow, at time: Date) throws {
        try access { state in
            guard state.webauthnFlows[flow.idHash] == nil else { throw StoreError.conflict("flow exists") }
            state.webauthnFlows = state.webauthnFlows.filter { $0.value.expiresAt >= time }
            state.webauthnFlows[flow.idHash] = flow
        }
    }

    public func takeWebAuthnFlow(idHash: String, at time: Date) throws -> WebAuthnFlow? {
        try access { state in
            guard let flow = state.webauthnFlows.removeValue(forKey: idHash), flow.expiresAt > time else { return nil }
            return flow
        }
    }
}
