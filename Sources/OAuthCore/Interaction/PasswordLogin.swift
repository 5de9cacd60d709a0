import Foundation

/// Email + password sign-in, shared by the login page and the password grant. Every failure looks
/// the same from outside: unknown email, wrong password, inactive account or throttled (OWASP
/// authentication cheat sheet: generic messages, equal work for unknown accounts).
struct PasswordLogin {
    /// The throttle's attempts, the account and its password hash (the audit entry goes through `environment.audit`).
    typealias Store = LoginAttemptStore & AccountStore

    let environment: OAuthEnvironment
    var store: any Store { environment.storage }

    /// The account, or nil for any failure. Every attempt counts against the account and the
    /// address before the password is checked (one atomic step with the window check); a success
    /// gives it back.
    func verify(email: String, password: String, clientAddress: String?) throws -> Account? {
        let now = environment.clock.now()
        let throttle = environment.loginThrottle
        let keys = Self.throttleKeys(email: email, clientAddress: clientAddress)
        guard try throttle.take(keys, at: now, in: store) else {
            environment.logger.security(SecurityEvent.loginThrottled, account: nil)
            return nil
        }
        let account = try store.account(email: email)
        let hash = try account.flatMap { try store.passwordHash(accountID: $0.id) }
        let verifier = environment.passwordVerifier
        // Unknown email: verify against a dummy hash so the time taken is the same.
        let matches = verifier.verify(password: password, hash: hash ?? verifier.dummyHash) && hash != nil
        guard matches, let account, account.status == .active else {
            environment.audit(.loginFailure, accountID: account?.id)
            environment.logger.security(SecurityEvent.loginFailed, account: account?.id)
            return nil
        }
        try throttle.succeeded(keys, in: store)
        environment.audit(.loginSuccess, accountID: account.id)
        return account
    }

    /// docs/sign-in.md, Native: once the password proved `accountID`, the pending Apple or Google identity the
    /// `link_token` names joins it (the password grant and the web's sign-in page alike).
    func redeem(linkToken: String, accountID: String) throws {
        guard let redeemer = environment.linkTokenRedeemer else {
            throw OAuthError.invalidRequest("link_token is not supported").because(.accountUnavailable)
        }
        try redeemer.redeem(linkToken: linkToken, accountID: accountID)
    }

    /// Seconds until this email and address may try again; nil when sign-in is not throttled.
    /// The account key is per email whether or not it exists, so this reveals no account.
    func retryAfter(email: String, clientAddress: String?) -> TimeInterval? {
        (try? environment.loginThrottle.retryAfter(
            Self.throttleKeys(email: email, clientAddress: clientAddress), at: environment.clock.now(),
            in: store)) ?? nil
    }

    static func throttleKeys(email: String, clientAddress: String?) -> [String] {
        [LoginThrottle.accountKey(email)] + (clientAddress.map { [LoginThrottle.addressKey($0)] } ?? [])
    }
}
