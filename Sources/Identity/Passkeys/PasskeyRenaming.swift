import OAuthCore

/// The person's label of one of their passkeys, changed from the account page (docs/passkeys.md,
/// The web pages). The label follows `PasskeyRegistrationFlow.displayName`; only the account's own
/// passkey is renamed (`PasskeyStore.renamePasskey`).
public struct PasskeyRenaming: Sendable {
    let context: PasskeyContext

    public init(context: PasskeyContext) { self.context = context }

    /// `invalid_request` when the account has no passkey with that credential ID.
    public func rename(accountID: String, credentialID: String, name: String?) throws {
        let label = PasskeyRegistrationFlow.displayName(name)
        guard try context.storage.renamePasskey(credentialID: credentialID, accountID: accountID, name: label) else {
            throw OAuthError.invalidRequest("the account has no such passkey")
        }
    }
}
