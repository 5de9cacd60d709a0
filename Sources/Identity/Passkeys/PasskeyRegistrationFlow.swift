import Foundation
import JOSE
import OAuthCore
import Support
import WebAuthn

/// Adding a passkey to a signed-in account (README, Passkeys: `POST /api/passkeys/registration/options`
/// and `/api/passkeys/registration`). The passkey becomes one of the account's identities (provider
/// `passkey`), so the method rules hold for it; one credential ID belongs to one account only.
public struct PasskeyRegistrationFlow: Sendable {
    let context: PasskeyContext

    public init(context: PasskeyContext) { self.context = context }

    /// `{"flow_id","publicKey"}`; `excludeCredentials` lists the account's passkeys (§5.4).
    /// An account whose address is unproven adds no sign-in method (`UnprovenAccountRule`):
    /// `SignInService.Failure.emailUnverified`, as for Apple and Google identities.
    public func options(accountID: String) throws -> JSONValue {
        let account = try liveAccount(accountID)
        guard !UnprovenAccountRule.isUnproven(account) else { throw SignInService.Failure.emailUnverified }
        let (flowID, challenge) = try context.startFlow(.registration, accountID: accountID)
        let name = account.email ?? account.id
        let publicKey = PasskeyOptions.creation(context, challenge: challenge, userID: account.id, userName: name,
                                                displayName: account.displayName ?? name,
                                                exclude: try context.storage.passkeys(accountID: accountID))
        return PasskeyOptions.answer(flowID: flowID, publicKey: publicKey)
    }

    /// Checks the credential (W3C WebAuthn Level 3 §7.1) against the flow's challenge and stores it
    /// with its identity and the audit entry in one transaction. Every refusal is `invalid_grant`.
    @discardableResult
    public func finish(accountID: String, flowID: String?, credential: JSONValue?, name: String?) throws -> Passkey {
        let flow = try context.takeFlow(flowID, .registration)
        guard flow.accountID?.sameBytes(accountID) == true else {
            throw OAuthError.invalidGrant("the passkey flow belongs to another account")
        }
        guard !UnprovenAccountRule.isUnproven(try liveAccount(accountID)) else { throw SignInService.Failure.emailUnverified }
        let parsed = try PasskeyCredentialJSON(credential)
        let new = try Self.verify(parsed, challenge: flow.challenge, context: context)
        return try context.storage.transaction { tx in try store(new, accountID: accountID, name: name, in: tx) }
    }

    static func verify(_ credential: PasskeyCredentialJSON, challenge: [UInt8], context: PasskeyContext) throws
        -> RelyingParty.NewCredential {
        do {
            return try context.relyingParty.register(
                credentialID: credential.credentialID, clientDataJSON: try credential.bytes("clientDataJSON"),
                attestationObject: try credential.bytes("attestationObject"), challenge: challenge)
        } catch let error as WebAuthnError {
            throw OAuthError.invalidGrant("passkey registration refused: \(error)")
        }
    }

    /// The identity and the passkey; a credential ID already stored (this account's or another's) is refused.
    func store(_ new: RelyingParty.NewCredential, accountID: String, name: String?, in tx: any PasskeyContext.Records) throws -> Passkey {
        guard try tx.lockAccount(id: accountID)?.status == .active else { throw OAuthError.invalidGrant("the account is not active") }
        let now = context.clock.now()
        let credentialID = Base64URL.encode(new.credentialID)
        guard try tx.passkey(credentialID: credentialID) == nil, try tx.identity(provider: .passkey, subject: credentialID) == nil
        else { throw OAuthError.invalidGrant("this passkey is already registered") }
        let identity = LinkedIdentity(id: AccountDirectory.newIdentityID(context.random), accountID: accountID,
                                          provider: .passkey, subject: credentialID, email: nil, emailVerified: false,
                                          firstSignInAt: now, lastSignInAt: now)
        let passkey = Passkey(credentialID: credentialID, accountID: accountID, identityID: identity.id,
                              publicKey: new.publicKeyCOSE, signCount: Int64(new.signCount),
                              backupEligible: new.backupEligible, backedUp: new.backedUp,
                              name: Self.displayName(name), createdAt: now)
        try tx.insertIdentity(identity)
        try tx.insertPasskey(passkey)
        try context.audit(.passkeyAdded, accountID: accountID, in: tx)
        try EventOutbox.record(AccountEvent(.passkeyAdded, accountID: accountID, data: ["type": "passkey"]), in: tx,
                               at: now, random: context.random)
        return passkey
    }

    /// The person's label for the passkey, at most 64 characters; "Passkey" when none is given.
    static func displayName(_ name: String?) -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "Passkey" : String(trimmed.prefix(64))
    }

    func liveAccount(_ accountID: String) throws -> Account {
        guard let account = try context.storage.account(id: accountID), account.status == .active else {
            throw OAuthError(.invalidToken, "the account is not active")
        }
        return account
    }
}
