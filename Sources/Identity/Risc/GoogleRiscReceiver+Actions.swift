import Foundation
import OAuthCore
import Support

/// What each Cross-Account Protection event does (https://developers.google.com/identity/protocols/risc,
/// "Supported event types"), inside the transaction that records the `jti`.
extension GoogleRiscReceiver {
    func act(on event: SecurityEvent, in tx: any Storage, at now: Date) throws -> String {
        let identity = try event.subject.flatMap { try tx.identity(provider: .google, subject: $0) }
        let (action, accountID) = try perform(event, identity, tx, now)
        let name = event.type.split(separator: "/").last.map(String.init) ?? event.type
        let reason = event.reason.map { " reason=\($0.prefix(40))" } ?? ""
        try AuditRecorder(clock: clock, random: random).record(
            .googleRisc, accountID: accountID, detail: "event=\(name) action=\(action)" + reason, at: now, in: tx)
        let level: Logger.Level = event.kind == .credentialChangeRequired || event.kind == .accountDisabled ? .warning : .info
        logger.log(level, "google risc event", ["risc.event": name, "risc.action": action, "account.id": accountID ?? "-"])
        return name
    }

    /// What the event does; returns a short description and the account it concerned.
    private func perform(_ event: SecurityEvent, _ identity: OAuthCore.Identity?, _ tx: any Storage,
                         _ now: Date) throws -> (String, String?) {
        switch event.kind {
        case .sessionsRevoked: return (try signOut(identity, tx, now), identity?.accountID)
        case .tokensRevoked:
            let dropped = try identity.map { try tx.deleteThirdPartyToken(identityID: $0.id) } == true
            return (dropped ? "google refresh token dropped" : "no google refresh token stored", identity?.accountID)
        case .tokenRevoked:
            let accountID = try dropToken(event.token, tx)
            return (accountID == nil ? "no matching google refresh token" : "google refresh token dropped", accountID)
        case .accountDisabled: return (try disable(event, identity, tx, now), identity?.accountID)
        case .accountEnabled:
            let lifted = try event.subject.map { try tx.deleteProviderHold(provider: .google, subject: $0) } == true
            return (lifted ? "google sign-in allowed again" : "no hold to lift", identity?.accountID)
        case .credentialChangeRequired: return ("watch for suspicious activity", identity?.accountID)
        case .verification:
            return ("verification received, state=\(event.state.map { String($0.prefix(100)) } ?? "")", identity?.accountID)
        case .other: return ("not handled", identity?.accountID)
        }
    }

    /// `sessions-revoked`, and `account-disabled` for `hijacking`: every web session and first-party app
    /// token ends, whatever method started them; third-party links (Google Home's) stay.
    private func signOut(_ identity: OAuthCore.Identity?, _ tx: any Storage, _ now: Date) throws -> String {
        guard let identity else { return "unknown google account" }
        let ended = try FirstPartySignOut.run(accountID: identity.accountID, in: tx, at: now, random: random, reason: .googleRisc)
        return "sessions ended, \(ended) app sign-in(s) ended"
    }

    /// `account-disabled`: Google sign-in is refused for this Google account until `account-enabled`
    /// (Google: "disable Google Sign-in for the user"); for `hijacking` the account is also re-secured.
    private func disable(_ event: SecurityEvent, _ identity: OAuthCore.Identity?, _ tx: any Storage,
                         _ now: Date) throws -> String {
        guard let subject = event.subject else { return "no subject" }
        try tx.saveProviderHold(ProviderHold(provider: .google, subject: subject, reason: event.reason ?? "", since: now))
        guard event.reason?.sameBytes("hijacking") == true else { return "google sign-in held" }
        return "google sign-in held, " + (try signOut(identity, tx, now))
    }

    /// `token-revoked`: the stored Google refresh token the identifier names is deleted (already dead at
    /// Google, so nothing is queued for revocation). Returns its account. Only the candidates the store
    /// finds by the identifier's lookup key are opened; a token stored before lookup keys were kept is a
    /// candidate until it has been opened once, when its keys are written (migration 12).
    private func dropToken(_ identifier: SecurityEvent.TokenIdentifier?, _ tx: any Storage) throws -> String? {
        guard let identifier, let key = sealer.lookupKey(for: identifier) else { return nil }
        for var stored in try tx.thirdPartyTokens(provider: .google, key: key) {
            guard let token = try? sealer.open(stored.encryptedRefreshToken, provider: .google) else { continue }
            if identifier.matches(token.refreshToken) {
                _ = try tx.deleteThirdPartyToken(identityID: stored.identityID)
                return stored.accountID
            }
            if stored.lookupKeys == nil {
                stored.lookupKeys = sealer.lookupKeys(of: token.refreshToken)
                try tx.saveThirdPartyToken(stored)
            }
        }
        return nil
    }
}
