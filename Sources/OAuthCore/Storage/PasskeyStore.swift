import Foundation

/// Passkeys and WebAuthn ceremonies (docs/passkeys.md). Conformance: Sources/StoreConformance/Cases+Passkeys.swift.
public protocol PasskeyStore {
    /// `StoreError.conflict` when the credential ID is already stored, for any account: one passkey
    /// per credential ID, so a credential of another account is never attached.
    func insertPasskey(_ passkey: Passkey) throws
    func passkey(credentialID: String) throws -> Passkey?
    /// The account's passkeys, oldest first.
    func passkeys(accountID: String) throws -> [Passkey]
    /// Records a sign-in: the new counter, the BS flag and the time. False when the passkey is gone.
    func recordPasskeyUse(credentialID: String, signCount: Int64, backedUp: Bool, at time: Date) throws -> Bool
    /// Sets the person's label of one of `accountID`'s passkeys. False when the account has no
    /// passkey with that credential ID (another account's passkey is never renamed).
    func renamePasskey(credentialID: String, accountID: String, name: String) throws -> Bool
    /// True when there was one.
    func deletePasskey(credentialID: String) throws -> Bool

    /// Stores a new ceremony, and drops the ones that expired before `time`.
    func insertWebAuthnFlow(_ flow: WebAuthnFlow, at time: Date) throws
    /// Single use: removes the flow and answers it when it had not expired at `time`; nil when it is
    /// unknown, already taken or expired. Two takes racing: exactly one gets it.
    func takeWebAuthnFlow(idHash: String, at time: Date) throws -> WebAuthnFlow?
}
