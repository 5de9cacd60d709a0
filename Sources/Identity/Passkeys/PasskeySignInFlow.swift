import Foundation
import JOSE
import OAuthCore
import Support
import WebAuthn

/// Signing in with a passkey (README, Passkeys: `POST /api/passkeys/authentication/options` and
/// `/api/passkeys/authentication`; the web login uses the same flow). Every check of W3C WebAuthn
/// Level 3 §7.2 and the sign-counter rule; each refusal is `invalid_grant`.
public struct PasskeySignInFlow: Sendable {
    let context: PasskeyContext

    public init(context: PasskeyContext) { self.context = context }

    /// The `clientID` the web pages' own sign-in ceremonies are bound to (the login page, also inside
    /// `/authorize`): the app API takes only flows started for the calling client, so a page's
    /// ceremony is not finished by an app's call and the other way round.
    public static let webPages = "web pages"

    /// `{"flow_id","publicKey"}` without `allowCredentials` (discoverable credentials).
    public func options(clientID: String) throws -> JSONValue {
        let (flowID, challenge) = try context.startFlow(.authentication, clientID: clientID)
        return PasskeyOptions.answer(flowID: flowID, publicKey: PasskeyOptions.request(context, challenge: challenge))
    }

    /// The account the assertion proves. The flow is used up first, whatever follows.
    public func finish(clientID: String, flowID: String?, credential: JSONValue?) throws -> String {
        let flow = try context.takeFlow(flowID, .authentication)
        guard flow.clientID?.sameBytes(clientID) == true else {
            throw OAuthError.invalidGrant("the passkey flow was started by another client")
        }
        let parsed = try PasskeyCredentialJSON(credential)
        guard let passkey = try context.storage.passkey(credentialID: parsed.encodedID) else {
            throw OAuthError.invalidGrant("unknown passkey")
        }
        guard let account = try context.storage.account(id: passkey.accountID), account.status == .active else {
            throw OAuthError.invalidGrant("the passkey's account is not active")
        }
        guard context.unprovenMaySignIn || !UnprovenAccountRule.isUnproven(account) else {
            throw OAuthError.invalidGrant("the account's address is not verified yet (verify-first sign-up)")
        }
        // §7.2 step 6: a user handle, when sent, names the credential's account.
        if let handle = try parsed.optionalBytes("userHandle"), !ConstantTime.equals(handle, Array(passkey.accountID.utf8)) {
            throw OAuthError.invalidGrant("the user handle is not the passkey's account")
        }
        let data = try verify(parsed, passkey: passkey, challenge: flow.challenge)
        try checkCounter(passkey, presented: data.signCount)
        try context.storage.transaction { tx in
            _ = try tx.recordPasskeyUse(credentialID: passkey.credentialID, signCount: Int64(data.signCount),
                                        backedUp: data.backedUp, at: context.clock.now())
            try context.audit(.passkeySignIn, accountID: passkey.accountID, in: tx)
        }
        return passkey.accountID
    }

    func verify(_ credential: PasskeyCredentialJSON, passkey: Passkey, challenge: [UInt8]) throws -> AuthenticatorData {
        do {
            return try context.relyingParty.verifyAssertion(
                clientDataJSON: try credential.bytes("clientDataJSON"),
                authenticatorData: try credential.bytes("authenticatorData"), signature: try credential.bytes("signature"),
                challenge: challenge, publicKeyCOSE: passkey.publicKey)
        } catch let error as WebAuthnError {
            throw OAuthError.invalidGrant("passkey sign-in refused: \(error)")
        }
    }

    /// §6.1.1 and §7.2 step 22: when both counts are non-zero and the presented one is not larger, the
    /// authenticator may be cloned: refused and audited (`passkey.counter_regressed`). Zero — synced
    /// passkeys keep no counter — is accepted.
    func checkCounter(_ passkey: Passkey, presented: UInt32) throws {
        guard passkey.signCount != 0, presented != 0, Int64(presented) <= passkey.signCount else { return }
        try context.audit(.passkeyCounterRegressed, accountID: passkey.accountID, in: context.storage)
        throw OAuthError.invalidGrant("the passkey's signature counter went back")
    }
}
