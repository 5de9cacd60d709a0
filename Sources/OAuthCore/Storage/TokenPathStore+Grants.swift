import Foundation
import Support

/// What the defaults below read and write, the steps of TokenPathStore's contract: the code, the tokens and
/// the grant, the account, the rotation family (`RefreshRotation.Store`) and a revocation's events
/// (`EventOutbox.Revoking`) and a rotation's audit entry, in one transaction. Every `Storage` is one.
public typealias TokenGrantSteps = TokenStore & GrantStore & AccountStore & RefreshRotation.Store
    & EventOutbox.Revoking & AuditStore & Transacting

extension TokenPathStore where Self: TokenGrantSteps {
    /// The default: the steps of the contract (TokenPathStore) in one transaction; a refusal commits what
    /// was written before it (`committingRefusals`).
    public func redeemCode(_ redemption: CodeRedemption, at now: Date) throws -> CodeRedemption.Outcome {
        try committingRefusals(self) { tx in
            switch try tx.consumeCode(hash: redemption.codeHash, at: now) {
            case .notFound: throw OAuthError.invalidGrant("the code is invalid")
            case .alreadyUsed(let code):
                try EventOutbox.revokeGrant(id: code.grantID, reason: .reuse, in: tx, at: now, random: redemption.random)
                return .replayed(code)
            case .consumed(let code):
                try redemption.check(code, at: now)
                guard try tx.grant(id: code.grantID)?.isActive == true,
                    let account = try tx.account(id: code.accountID), account.status == .active
                else { throw OAuthError.invalidGrant("the authorization is no longer valid") }
                try tx.insert(redemption.tokens, for: TokenService.Subject(code))
                return .issued(code, account)
            }
        }
    }

    /// The default: the steps of the contract (TokenPathStore) in one transaction; a refusal commits what
    /// was written before it (`committingRefusals`).
    public func rotateRefreshToken(_ rotation: RefreshRotationRequest, at now: Date) throws -> RefreshRotationRequest.Outcome {
        try committingRefusals(self) { tx in
            guard let live = try tx.liveToken(hash: rotation.refreshHash, at: now), live.record.kind == .refresh,
                live.record.clientID.sameBytes(rotation.clientID)
            else { throw OAuthError.invalidGrant("the refresh token is invalid") }
            // Checked before rotation writes anything: a refused scope must not rotate the token.
            var subject = TokenService.Subject(live.record)
            subject.scope = try ScopeRules.narrowed(rotation.requestedScope, granted: live.record.scope)
            let presentation = try RefreshRotation.present(live.record, in: tx, at: now, reuseWindow: rotation.reuseWindow)
            switch presentation {
            case .outsideWindow: throw OAuthError.invalidGrant("the refresh token is invalid")
            case .theft:
                try EventOutbox.revokeGrant(
                    id: live.record.grantID, reason: .reuse, in: tx, at: now, random: rotation.random)
                try AuditRecorder(random: rotation.random, at: now).record(
                    .refreshReuse, accountID: live.record.accountID, clientID: rotation.clientID,
                    detail: "a refresh token presented after a later one of its family was used; grant revoked", in: tx)
                return .theft(live.record)
            case .first, .retry:
                try tx.insert(rotation.tokens, for: subject)
                try tx.recordRefreshLineage(child: rotation.tokens.refreshHash, parent: live.record.hash, at: now)
                if presentation == .retry {
                    try AuditRecorder(random: rotation.random, at: now).record(
                        .refreshRetry, accountID: live.record.accountID, clientID: rotation.clientID,
                        detail: "rotated refresh token presented again, no later token used; fresh pair", in: tx)
                }
                return .rotated(presentation, live, subject)
            }
        }
    }

    /// The default: the account checked active, the grant and the tokens written, in the caller's
    /// transaction (its view) or, called on the store, in one of its own.
    public func startSignIn(_ grant: Grant, tokens: TokenPairRecipe) throws -> Account {
        try transaction { tx in
            guard let account = try tx.account(id: grant.accountID), account.status == .active else {
                throw OAuthError.invalidGrant("the account is not active")
            }
            try tx.insertGrant(grant)
            try tx.insert(tokens, for: TokenService.Subject(
                grantID: grant.id, clientID: grant.clientID, accountID: grant.accountID, scope: grant.scope,
                authTime: grant.createdAt))
            return account
        }
    }
}

extension TokenStore {
    /// `tokens`' access and refresh records for `subject`.
    fileprivate func insert(_ tokens: TokenPairRecipe, for subject: TokenService.Subject) throws {
        let records = tokens.records(for: subject)
        try insertToken(records.access)
        try insertToken(records.refresh)
    }
}

extension TokenService.Subject {
    /// What `code` was issued for.
    init(_ code: AuthorizationCode) {
        self.init(grantID: code.grantID, clientID: code.clientID, accountID: code.accountID, scope: code.scope,
                  authTime: code.authTime)
    }
}

/// Runs a grant's steps in one transaction. A storage failure rolls everything back (so a retry
/// still works); a refusal (4xx) commits what was written before it, e.g. the grant revocation of
/// a replayed code or a reused rotated refresh token, and is then thrown. `body` gets the transaction's view,
/// of the store's own type (Transacting).
func committingRefusals<Store: Transacting, T>(_ storage: Store, _ body: (Store) throws -> T) throws -> T {
    let outcome = try storage.transaction { view -> GrantOutcome<T> in
        do { return .issued(try body(view)) } catch let error as OAuthError where error.status < 500 {
            return .refused(error)
        }
    }
    switch outcome {
    case .issued(let body): return body
    case .refused(let error): throw error
    }
}

private enum GrantOutcome<T> {
    case issued(T)
    case refused(OAuthError)
}
