import Foundation
import Mail
import OAuthCore

/// Self-service sign-up with email and password (docs/accounts-and-email.md: `/signup`,
/// `/api/signup`).
/// An address that already has an account gets the same page as a new one and its owner a mail
/// instead (no account enumeration through the form); a new account gets a verification link.
public struct SignUpFlow: Sendable {
    /// The records this flow reads and writes.
    public typealias Store = AccountStore & OneTimeTokenStore & EventOutbox.Store & AccountFlowContext.MailWriting & Transacting

    public enum Outcome: Sendable, Equatable {
        case created(Account)
        /// The address has an account: nothing was created, its owner was told by mail.
        case alreadyRegistered
        /// `Mode.verifyFirst`: an account waits for its address to be proven; nobody is signed in, and
        /// the answer must be the one for `alreadyRegistered`.
        case verificationSent
    }

    /// `ACCOUNTLINK_SIGNUP_MODE` (docs/accounts-and-email.md, "What each sign-up mode reveals").
    public enum Mode: String, Sendable, CaseIterable {
        /// A new account is signed in at once; the answer differs from an existing address's.
        case immediate
        /// Nothing is signed in and no password works until the mailed link is followed; new and
        /// existing addresses get the same answer.
        case verifyFirst = "verify-first"
    }

    public enum Failure: Error, Equatable, Sendable {
        case invalidEmail
        case password(PasswordPolicy.Violation)
        /// Too many sign-ups from this client address.
        case throttled
    }

    let context: AccountFlowContext
    var store: any Store { context.storage }

    public init(context: AccountFlowContext) { self.context = context }

    public func signUp(email rawEmail: String, password: String, name: String?, locale: String?,
                       clientAddress: String?) throws -> Outcome {
        // The rules every way of making a password account shares (AccountDirectory, one owner).
        let email: String, normalized: String
        do {
            (email, normalized) = try AccountDirectory.checkedNewPassword(email: rawEmail, password: password,
                                                                          policy: context.policy)
        } catch .password(let violation) { throw Failure.password(violation) } catch { throw Failure.invalidEmail }
        let now = context.clock.now()
        let keys = clientAddress.map { ["signup-address:" + $0] } ?? []
        guard try context.signUpThrottle.take(keys, at: now, in: store) else { throw Failure.throttled }
        let hash = try context.hasher.hash(normalized)
        let outcome: Outcome
        do {
            outcome = try record(email: email, name: name, hash: hash, locale: locale)
        } catch StoreError.conflict {
            // A concurrent sign-up of the same folded email committed first (the stores' one live account
            // per email): answered exactly as an existing address, its owner told as usual.
            outcome = try record(email: email, name: name, hash: hash, locale: locale)
        }
        context.mailWritten()
        return outcome
    }

    /// One transaction: the owner of an existing address is told, a new address gets its account.
    func record(email: String, name: String?, hash: String, locale: String?) throws -> Outcome {
        try store.transaction { tx -> Outcome in
            if let owner = try tx.account(email: email) {
                try tellOwner(owner, email: email, locale: locale, in: tx)
                return Outcome.alreadyRegistered
            }
            let account = try create(email: email, name: name, hash: hash, locale: locale, in: tx)
            return context.signUpMode == .verifyFirst ? .verificationSent : .created(account)
        }
    }

    func create(email: String, name: String?, hash: String, locale: String?, in tx: any Store) throws -> Account {
        let now = context.clock.now()
        // Verify-first: the password is kept with the link and set when it is followed (EmailVerificationFlow).
        let pending = context.signUpMode == .verifyFirst ? hash : nil
        let account = try AccountDirectory.insertPasswordAccount(email: email, name: name, hash: pending == nil ? hash : nil,
                                                                 selfService: true, random: context.random, at: now, in: tx)
        let link = try context.issueLink(.verifyEmail, accountID: account.id, email: email, path: "/verify-email",
                                         passwordHash: pending, in: tx)
        try context.enqueue(.verifyNewAccount(link: link, madeAt: now, methods: [.password]), to: email,
                            accountID: account.id, locale: locale, in: tx)
        try context.audit(.accountSignedUp, accountID: account.id, detail: "provider=password", in: tx)
        return account
    }

    /// Mails the owner at the address the account has (a folded copy typed here, such as a fullwidth
    /// letter, may be no mailbox at all).
    func tellOwner(_ owner: Account, email typed: String, locale: String?, in tx: any AccountFlowContext.MailWriting) throws {
        guard owner.status == .active else { return }
        let email = owner.email ?? typed
        let mail = AccountMail.accountExists(signInLink: context.issuer + "/login",
                                             resetLink: context.issuer + "/password/forgot")
        try context.enqueue(mail, to: email, accountID: owner.id, locale: locale, in: tx)
        try context.audit(.accountSignUpExistingEmail, accountID: owner.id, in: tx)
    }
}
