import Foundation
import Support

/// Browser sessions outside an authorization request: the `/login` page reached directly, the
/// account page, logout. Same password check and throttling as the authorization flow.
public struct WebSessions: Sendable {
    /// Sessions with their last use, and the accounts they belong to.
    typealias Store = SessionStore & AccountStore & SignInListStore & AuditStore & Transacting & Sendable

    let environment: OAuthEnvironment
    var store: any Store { environment.storage }

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// Verifies email + password; a new session on success, nil for any failure (generic). A non-empty
    /// `linkToken` joins its pending identity to the account first (`PasswordLogin.redeem`).
    public func signIn(email: String, password: String, clientAddress: String?, linkToken: String? = nil)
        throws(OAuthError) -> (SessionCookie, Account)?
    {
        try OAuthError.mapping {
            let login = PasswordLogin(environment: environment)
            guard let account = try login.verify(email: email, password: password, clientAddress: clientAddress)
            else { return nil }
            if let linkToken, !linkToken.isEmpty { try login.redeem(linkToken: linkToken, accountID: account.id) }
            return (try startSession(accountID: account.id), account)
        }
    }

    /// Seconds until this email and address may sign in again; nil when not throttled.
    public func retryAfter(email: String, clientAddress: String?) -> TimeInterval? {
        PasswordLogin(environment: environment).retryAfter(email: email, clientAddress: clientAddress)
    }

    /// A fresh session id for an account (also after Sign in with Apple/Google on the web).
    public func startSession(accountID: String) throws -> SessionCookie {
        let now = environment.clock.now()
        let id = OpaqueToken.generate(.session, random: environment.random)
        let expiresAt = now.addingTimeInterval(environment.configuration.sessionLifetime)
        try store.insertSession(Session(hash: OpaqueToken.hash(id), accountID: accountID,
                                                      csrfSecret: environment.random.bytes(32), authTime: now,
                                                      createdAt: now, expiresAt: expiresAt,
                                                      origin: SignInOrigin.current))
        return SessionCookie(value: id, expiresAt: expiresAt)
    }

    /// The live session behind a cookie value, with its active account.
    public func session(cookie: String?) throws -> (Session, Account)? {
        guard let cookie, let session = try store.session(hash: OpaqueToken.hash(cookie)),
              session.expiresAt > environment.clock.now(),
              let account = try store.account(id: session.accountID), account.status == .active
        else { return nil }
        return (session, account)
    }

    /// How often a session's use is written: the account page's "last used" is this coarse, and a page
    /// request writes at most once per session in this time.
    public static let useGranularity: TimeInterval = 300

    /// Records that `session` was used now from `SignInOrigin.current`, unless it was within
    /// `useGranularity` from the same place (docs/accounts-and-email.md, "Sessions and app sign-ins").
    public func noteUse(_ session: Session) throws {
        let now = environment.clock.now()
        let origin = SignInOrigin.current
        let seen = session.lastUsedAt ?? session.createdAt
        guard now.timeIntervalSince(seen) >= Self.useGranularity || session.origin != origin else { return }
        try store.recordSessionUse(hash: session.hash, at: now, origin: origin)
    }

    /// Ends the browser's session the person chose to leave (`POST /logout`, RP-Initiated Logout's `GET /logout`):
    /// the session deleted and `session.end` audited with `detail`, in one transaction.
    public func end(_ session: Session, detail: String) throws {
        let now = environment.clock.now()
        try store.transaction { tx in
            try tx.deleteSession(hash: session.hash)
            try AuditRecorder(random: environment.random, at: now).record(.sessionEnd, accountID: session.accountID,
                                                                          detail: detail, in: tx)
        }
    }

    /// CSRF tokens for forms shown to a signed-in person, bound to the session (OWASP synchronizer token).
    public func csrfToken(_ session: Session, purpose: String) -> String {
        CSRFToken.make(secret: session.csrfSecret, purpose: purpose, binding: session.hash)
    }

    public func checkCSRF(_ token: String?, _ session: Session, purpose: String) -> Bool {
        CSRFToken.verify(token, secret: session.csrfSecret, purpose: purpose, binding: session.hash)
    }
}
