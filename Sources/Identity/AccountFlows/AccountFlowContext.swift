import Foundation
import Mail
import OAuthCore
import Support

/// What the self-service account flows share (docs/accounts-and-email.md): the store, clock and randomness, password
/// hashing and rules, the mail composer, the issuer (links in mails point there), the login throttle
/// (a reset clears it) and a throttle for requests that send mail.
public struct AccountFlowContext: Sendable {
    /// What the account flows use between them; each flow names its own part (its `Store`) and works on that.
    public typealias Store = AccountStore & SessionStore & InboundEventStore & SignInListStore & GrantStore & ClientStore
        & OneTimeTokenStore & OutboxStore & LoginAttemptStore & AuditStore & EventOutboxStore & PasskeyStore & Transacting
    /// What writing a mail needs (`enqueue`): the mailbox's budget, the outbox, the audit entry of a spent budget.
    public typealias MailWriting = OutboxStore & LoginAttemptStore & AuditStore

    public let storage: any Store
    public let clock: any Clock
    public let random: any RandomSource
    public let hasher: Argon2idHasher
    public let policy: PasswordPolicy
    public let composer: any MailComposer
    /// The public base URL without a trailing slash.
    public let issuer: String
    public let loginThrottle: LoginThrottle
    public let requestThrottle: LoginThrottle
    /// Sign-ups per client address (several people may share one address behind a NAT).
    public let signUpThrottle: LoginThrottle
    /// Mails to one mailbox, whatever asked for them (`mailBudgetKey`): kept in the store, so every
    /// instance on one database shares it.
    public let mailBudget: LoginThrottle
    /// What one account may ask to be mailed: verification resends, email changes (`accountMayAsk`).
    public let accountMailBudget: LoginThrottle
    /// Called after a transaction that wrote mail committed (wakes the sender).
    public let mailWritten: @Sendable () -> Void
    /// Seals each mail's bodies in the outbox (OutboxBodySealer); the server always passes one. nil keeps
    /// them readable, for tests of the flows that follow a link from the outbox.
    public let bodySealer: OutboxBodySealer?
    /// Whether a new account is signed in at once or only once its address is proven.
    public let signUpMode: SignUpFlow.Mode

    /// 10 mails to one mailbox, then one an hour while more are asked for; an hour without any
    /// frees the budget (the throttle's purge). Sign-up with someone's address, resends and email
    /// changes to a stranger cannot flood a mailbox (OWASP Forgot Password cheat sheet: rate limits).
    public static let standardMailBudget = LoginThrottle(freeFailures: 10, baseDelay: 3600, maximumDelay: 3600)
    /// 5 resends or email changes per account, then one an hour.
    public static let standardAccountMailBudget = LoginThrottle(freeFailures: 5, baseDelay: 3600, maximumDelay: 3600)

    public init(storage: any Store, clock: any Clock, random: any RandomSource, hasher: Argon2idHasher = .interactive,
                policy: PasswordPolicy = .standard, composer: any MailComposer, issuer: String,
                loginThrottle: LoginThrottle, requestThrottle: LoginThrottle = LoginThrottle(freeFailures: 5, baseDelay: 60),
                signUpThrottle: LoginThrottle = LoginThrottle(freeFailures: 30, baseDelay: 60),
                mailBudget: LoginThrottle = standardMailBudget, accountMailBudget: LoginThrottle = standardAccountMailBudget,
                signUpMode: SignUpFlow.Mode = .immediate, mailWritten: @escaping @Sendable () -> Void = {},
                bodySealer: OutboxBodySealer? = nil) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.hasher = hasher
        self.policy = policy
        self.composer = composer
        self.issuer = issuer
        self.loginThrottle = loginThrottle
        self.requestThrottle = requestThrottle
        self.signUpThrottle = signUpThrottle
        self.mailBudget = mailBudget
        self.accountMailBudget = accountMailBudget
        self.mailWritten = mailWritten
        self.signUpMode = signUpMode
        self.bodySealer = bodySealer
    }

    /// Link lifetimes: verification 24 h, reset 1 h (docs/accounts-and-email.md).
    public static let verificationLifetime: TimeInterval = 24 * 3600
    public static let resetLifetime: TimeInterval = 3600
    /// The old address's cancel link outlives the change link, so a change followed at once can still
    /// be undone from there.
    public static let cancelLifetime: TimeInterval = 7 * 24 * 3600

    /// A new single-use token stored as its hash; returns the link that carries it.
    func issueLink(_ purpose: OneTimeToken.Purpose, accountID: String, email: String, path: String,
                   passwordHash: String? = nil, in tx: any OneTimeTokenStore) throws -> String {
        let token = random.token(byteCount: 32)
        let now = clock.now()
        let lifetime = switch purpose {
        case .resetPassword: Self.resetLifetime
        case .cancelEmailChange: Self.cancelLifetime
        case .verifyEmail, .changeEmail: Self.verificationLifetime
        }
        try tx.insertOneTimeToken(OneTimeToken(hash: OpaqueToken.hash(token), purpose: purpose, accountID: accountID,
                                               email: email, createdAt: now, expiresAt: now.addingTimeInterval(lifetime),
                                               passwordHash: passwordHash))
        return issuer + path + "?token=" + token
    }

    /// Writes the rendered mail into the outbox inside `tx` (sent after the commit,
    /// docs/architecture.md Data), unless the recipient's mail budget is spent: then nothing is written
    /// and the caller answers as if it had been (no enumeration through the budget).
    func enqueue(_ mail: AccountMail, to recipient: String, accountID: String?, locale: String?,
                 in tx: any MailWriting) throws {
        let now = clock.now()
        guard try mailBudget.take([Self.mailBudgetKey(recipient)], at: now, in: tx) else {
            try audit(.mailBudgetSpent, accountID: accountID, detail: "kind=\(mail.kind)", in: tx)
            return
        }
        let words = composer.compose(mail, locale: locale)
        let outbox = OutboxMail(id: "mail_" + random.token(byteCount: 16), kind: mail.kind, accountID: accountID,
                                recipient: recipient, subject: words.subject, textBody: words.text,
                                htmlBody: words.html, nextAttemptAt: now, createdAt: now)
        try tx.insertMail(try bodySealer?.seal(outbox) ?? outbox)
    }

    /// The password-changed notice: now, the device of the request that changed it (RequestScope), and
    /// the page where a person who did not change it resets it (`/password/forgot`).
    func passwordChangedNotice() -> AccountMail {
        .passwordChanged(at: clock.now(), device: RequestScope.current?.userAgent.map { String($0.prefix(200)) },
                         resetLink: issuer + "/password/forgot")
    }

    /// Writes the event for the maker's systems on the change's own transaction (docs/webhooks.md).
    func emit(_ kind: AccountEvent.Kind, accountID: String, data: [String: String] = [:], in tx: any EventOutbox.Store) throws {
        try EventOutbox.record(AccountEvent(kind, accountID: accountID, data: data), in: tx, at: clock.now(), random: random)
    }

    func audit(_ kind: AuditKind, accountID: String?, detail: String = "", in tx: any AuditStore) throws {
        try AuditRecorder(clock: clock, random: random).record(kind, accountID: accountID, detail: detail, in: tx)
    }

    /// The presented link token, consumed: the record when it is unused, unexpired and of `purposes`.
    func consume(_ token: String, purposes: Set<OneTimeToken.Purpose>, in tx: any OneTimeTokenStore) throws -> OneTimeToken? {
        guard !token.isEmpty,
              case .consumed(let record) = try tx.consumeOneTimeToken(hash: OpaqueToken.hash(token), at: clock.now()),
              purposes.contains(record.purpose), record.expiresAt > clock.now()
        else { return nil }
        return record
    }

    /// The mailbox's budget key: its folded form (`Account.emailKey`), so spellings of one mailbox share it.
    public static func mailBudgetKey(_ recipient: String) -> String { "mail-to:" + Account.emailKey(recipient) }

    /// True while the account may ask for another `purpose` mail (`accountMailBudget`); counts the request.
    func accountMayAsk(_ purpose: String, accountID: String) throws -> Bool {
        try accountMailBudget.take([purpose + ":" + accountID], at: clock.now(), in: storage)
    }

    /// The outcome of asking for the current password before a change.
    enum CurrentPassword { case correct, wrong, throttled }

    /// Checks a current password the way sign-in does: each try counts against the account's login
    /// throttle (docs/hardening.md), so a stolen session cannot guess it at full speed; a correct one
    /// clears the count.
    func checkCurrentPassword(_ password: String, of account: Account) throws -> CurrentPassword {
        let keys = account.email.map { [LoginThrottle.accountKey($0)] } ?? []
        guard try loginThrottle.take(keys, at: clock.now(), in: storage) else { return .throttled }
        guard let stored = try storage.passwordHash(accountID: account.id), hasher.verify(password, hash: stored) else {
            return .wrong
        }
        try loginThrottle.succeeded(keys, in: storage)
        return .correct
    }
}
