import Foundation
import OAuthCore

/// `PasskeyStore` for the failing wrapper: checks the switch, then forwards.
extension FailingStorage {
    func insertPasskey(_ passkey: Passkey) throws {
        try fail.check()
        try inner.insertPasskey(passkey)
    }

    func passkey(credentialID: String) throws -> Passkey? {
        try fail.check()
        return try inner.passkey(credentialID: credentialID)
    }

    func passkeys(accountID: String) throws -> [Passkey] {
        try fail.check()
        return try inner.passkeys(accountID: accountID)
    }

    func recordPasskeyUse(credentialID: String, signCount: Int64, backedUp: Bool, at time: Date) throws -> Bool {
        try fail.check()
        return try inner.recordPasskeyUse(credentialID: credentialID, signCount: signCount, backedUp: backedUp, at: time)
    }

    func renamePasskey(credentialID: String, accountID: String, name: String) throws -> Bool {
        try fail.check()
        return try inner.renamePasskey(credentialID: credentialID, accountID: accountID, name: name)
    }

    func deletePasskey(credentialID: String) throws -> Bool {
        try fail.check()
        return try inner.deletePasskey(credentialID: credentialID)
    }

    func insertWebAuthnFlow(_ flow: WebAuthnFlow, at time: Date) throws {
        try fail.check()
        try inner.insertWebAuthnFlow(flow, at: time)
    }

    func takeWebAuthnFlow(idHash: String, at time: Date) throws -> WebAuthnFlow? {
        try fail.check()
        return try inner.takeWebAuthnFlow(idHash: idHash, at: time)
    }
}
