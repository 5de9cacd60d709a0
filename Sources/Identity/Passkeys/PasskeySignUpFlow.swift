import Foundation
import OAuthCore
import Support
import WebAuthn

/// Signing up with a passkey alone (README, Passkeys: `POST /api/signup/passkey/options` and
/// `/api/signup/passkey`; docs/passkeys.md, "Sign-up with a passkey"). The address is verified by mail as
/// any sign-up (`SignUpFlow`), and an address that has an account is answered as `SignUpFlow` answers it:
/// the options look the same whatever the address, nothing is attached to the existing account, its
/// owner is mailed.
public struct PasskeySignUpFlow: Sendable {
    let passkeys: PasskeyContext
    let accounts: AccountFlowContext
    /// A sign-up's records (SignUpFlow's) with the passkey it registers.
    public typealias Store = SignUpFlow.Store & PasskeyContext.Records
    var store: any Store { accounts.storage }

    public init(passkeys: PasskeyContext, accounts: AccountFlowContext) {
        self.passkeys = passkeys
        self.accounts = accounts
    }

    /// `{"flow_id","publicKey"}`: the would-be account's ID is the user handle (W3C WebAuthn Level 3
    /// §5.4.3 `user.id`), no `excludeCredentials` (an existing address must not show).
    public func options(clientID: String?, email rawEmail: String, name: String?) throws -> JSONValue {
        let email = EmailAddress.normalized(rawEmail)
        guard EmailAddress.isPlausible(email) else { throw SignUpFlow.Failure.invalidEmail }
        let name = AccountDirectory.trimmedName(name)
        let accountID = AccountDirectory.newAccountID(passkeys.random)
        let (flowID, challenge) = try passkeys.startFlow(.signUp, accountID: accountID, clientID: clientID,
                                                         email: email, displayName: name)
        let publicKey = PasskeyOptions.creation(passkeys, challenge: challenge, userID: accountID, userName: email,
                                                displayName: name ?? email, exclude: [])
        return PasskeyOptions.answer(flowID: flowID, publicKey: publicKey)
    }

    /// Checks the credential (§7.1) as `PasskeyRegistrationFlow` does, then makes the account with its
    /// passkey, verification link and mail in one transaction. The flow is used up first, whatever follows.
    public func finish(clientID: String?, flowID: String?, credential: JSONValue?, locale: String?,
                       clientAddress: String?) throws -> SignUpFlow.Outcome {
        let flow = try passkeys.takeFlow(flowID, .signUp)
        guard Self.same(flow.clientID, clientID), let accountID = flow.accountID, let email = flow.email else {
            throw OAuthError.invalidGrant("the passkey sign-up was started by another client")
        }
        let new = try PasskeyRegistrationFlow.verify(try PasskeyCredentialJSON(credential), challenge: flow.challenge,
                                                     context: passkeys)
        let keys = clientAddress.map { ["signup-address:" + $0] } ?? []
        guard try accounts.signUpThrottle.take(keys, at: passkeys.clock.now(), in: store) else {
            throw SignUpFlow.Failure.throttled
        }
        let made = Made(accountID: accountID, email: email, name: flow.displayName, credential: new, locale: locale)
        let outcome: SignUpFlow.Outcome
        do {
            outcome = try record(made)
        } catch StoreError.conflict {
            // A concurrent sign-up of the same folded address committed first: answered as an existing one.
            outcome = try record(made)
        }
        accounts.mailWritten()
        return outcome
    }

    struct Made {
        let accountID: String
        let email: String
        let name: String?
        let credential: RelyingParty.NewCredential
        let locale: String?
    }

    func record(_ made: Made) throws -> SignUpFlow.Outcome {
        try store.transaction { tx -> SignUpFlow.Outcome in
            if let owner = try tx.account(email: made.email) {
                try SignUpFlow(context: accounts).tellOwner(owner, email: made.email, locale: made.locale, in: tx)
                return .alreadyRegistered
            }
            let account = try create(made, in: tx)
            return accounts.signUpMode == .verifyFirst ? .verificationSent : .created(account)
        }
    }

    /// The account (self-service, address unproven), its passkey identity, the verification link and mail.
    func create(_ made: Made, in tx: any Store) throws -> Account {
        let now = accounts.clock.now()
        let account = Account(id: made.accountID, email: made.email, emailVerified: false, displayName: made.name,
                              createdAt: now, selfService: true)
        try tx.insertAccount(account)
        _ = try PasskeyRegistrationFlow(context: passkeys).store(made.credential, accountID: account.id, name: nil, in: tx)
        let link = try accounts.issueLink(.verifyEmail, accountID: account.id, email: made.email, path: "/verify-email", in: tx)
        try accounts.enqueue(.verifyNewAccount(link: link, madeAt: now, methods: [.passkey]), to: made.email,
                             accountID: account.id, locale: made.locale, in: tx)
        try accounts.audit(.accountSignedUp, accountID: account.id, detail: "provider=passkey", in: tx)
        try accounts.emit(.accountCreated, accountID: account.id, data: ["type": "passkey"], in: tx)
        return account
    }

    /// Client IDs as bytes; a flow started without a client (the web page) is finished without one.
    static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.sameBytes(b)
        default: false
        }
    }
}
