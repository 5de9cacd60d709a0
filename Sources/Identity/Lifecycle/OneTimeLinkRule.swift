import Foundation
import OAuthCore
import Support

/// The account-lifecycle rule that voids one-time links (docs/architecture.md, Decisions: "a one-time
/// link is valid only for the state it was issued in"). A reset, a password change, sign-out-everywhere
/// (the app's, the account page's, Google's RISC `sessions-revoked`, Apple's `consent-revoked`), a disable,
/// an email change and a removed sign-in method (`SignInService.remove`: removing an identity or a passkey,
/// the upgrade to Apple) each call `voidLinks` inside the transaction of the change, so a pending email
/// change, verification or reset link issued before it cannot be followed after it. The notice's
/// cancel link (`cancelEmailChange`) is not voided: it is how the old address undoes a change.
public enum OneTimeLinkRule {
    /// What a change of the account's state voids.
    static let voided: Set<OneTimeToken.Purpose> = [.verifyEmail, .changeEmail, .resetPassword]

    /// Voids every open verification, email-change and reset link of the account, on the caller's
    /// transaction view. Returns how many it voided.
    @discardableResult
    public static func voidLinks(accountID: String, in tx: any OneTimeTokenStore, at now: Date) throws -> Int {
        try tx.invalidateOneTimeTokens(accountID: accountID, purposes: voided, at: now)
    }

    /// A verification or reset link acts only while the account's email is still the address it was
    /// mailed to (compared as bytes: the link records the account's email as it was stored).
    static func stillAddressed(_ record: OneTimeToken, to account: Account) -> Bool {
        guard let current = account.email else { return false }
        return current.sameBytes(record.email)
    }
}
