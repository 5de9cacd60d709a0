import Foundation
import OAuthCore
import Support

/// What each Cross-Account Protection event does (https://developers.google.com/identity/protocols/risc,
/// "Supported event types"), inside the transaction that records the `jti`. `time` is the token's `iat`:
/// a revocation ends what began up to it; the hold follows the newest of `account-disabled` and
/// `account-enabled` (`InboundOrder`).
extension GoogleRiscSource {
    func act(on event: SecurityEvent, at time: Date, in tx: InboundTransaction) throws -> String {
        let identity = try event.subject.flatMap { try tx.store.identity(provider: .google, subject: $0) }
        let action = try perform(event, identity, RiscEffect(time: time, tx: tx))
        let accountID = action.accountID ?? identity?.accountID
        let name = event.type.split(separator: "/").last.map(String.init) ?? event.type
        try tx.audit(.googleRisc, accountID: accountID,
                     detail: "event=\(name) action=\(action.text)" + (event.reason.map { " reason=\($0.prefix(40))" } ?? ""))
        let level: Logger.Level = event.kind == .credentialChangeRequired || event.kind == .accountDisabled ? .warning : .info
        logger.log(level, "google risc event", ["risc.event": name, "risc.action": action.text, "account.id": accountID ?? "-"])
        return name
    }

    /// What the event does: a short description and, when the event named no known identity, the account
    /// it concerned.
    private func perform(_ event: SecurityEvent, _ identity: LinkedIdentity?,
                         _ effect: RiscEffect) throws -> (text: String, accountID: String?) {
        switch event.kind {
        case .sessionsRevoked: return (try effect.signOut(identity), nil)
        case .tokensRevoked: return (try effect.dropStoredToken(identity), nil)
        case .tokenRevoked:
            let accountID = try dropToken(event.token, effect.tx.store)
            return (accountID == nil ? "no matching google refresh token" : "google refresh token dropped", accountID)
        case .accountDisabled: return (try effect.hold(event, identity), nil)
        case .accountEnabled: return (try effect.lift(event), nil)
        case .credentialChangeRequired: return ("watch for suspicious activity", nil)
        case .verification: return ("verification received, state=\(event.state.map { String($0.prefix(100)) } ?? "")", nil)
        case .other: return ("not handled", nil)
        }
    }

    /// `token-revoked`: the stored Google refresh token the identifier names is deleted (already dead at
    /// Google, so nothing is queued for revocation). Returns its account. Only the candidates the store
    /// finds by the identifier's lookup key are opened; a token stored before lookup keys were kept is a
    /// candidate until it has been opened once, when its keys are written (migration 12). The identifier
    /// names one token, so no time rule applies: a token dead at Google stays dead.
    private func dropToken(_ identifier: SecurityEvent.TokenIdentifier?, _ tx: any SignedEventStore) throws -> String? {
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
