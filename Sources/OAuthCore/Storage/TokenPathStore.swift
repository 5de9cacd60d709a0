import Foundation
import Support

/// A token that is live at the time asked (unrevoked, unexpired) with its account, which is active.
public struct LiveToken: Sendable, Equatable {
    public var record: TokenRecord
    public var account: Account

    public init(record: TokenRecord, account: Account) {
        self.record = record
        self.account = account
    }
}

/// The token path (docs/performance.md): what every Bearer, introspection and refresh asks, read in one
/// query; and one operation per grant at `/token` that carries the grant's reads and writes, its speed
/// (read-ahead, group commit, prepared statements) kept inside the store: a refresh's access token written
/// without a transaction around it, a code's redemption, a rotation, a first-party sign-in.
///
/// "Live" is one rule, `TokenRecord.isUsable(at:)` plus an active account; a SQL store says it in its
/// WHERE clause and the conformance suite holds the two to the same answers.
public protocol TokenPathStore {
    /// The token stored under `hash` and its account, when the token is usable at `now` and the account
    /// is active; nil otherwise (unknown, revoked, expired, or an account that is not active).
    func liveToken(hash: String, at now: Date) throws -> LiveToken?

    /// `liveToken(hash:at:)`'s answer for a caller that can wait suspended (a request's handler): a store
    /// that sends reads together (PostgreSQL, PGReader) keeps it suspended, not blocking a thread,
    /// meanwhile. The default is `liveToken(hash:at:)`.
    func readLiveToken(hash: String, at now: Date) async throws -> LiveToken?

    /// Inserts `token` only while the refresh token stored under `refreshHash` is live at `now`, in one
    /// atomic step: a revocation (of that token, its grant or its account) committed before it wins and
    /// nothing is written (false). A hash already stored is `StoreError.conflict`. Async: a store that
    /// gathers writes into one commit (SQLite) keeps the caller suspended, not blocked, meanwhile.
    func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool

    /// The building block of `insertAccessToken(_:refreshing:readAhead:at:)`'s default (with the recipe's rule
    /// as `derive`), kept apart so that a store can make it fast (SQLite: in its writer's turn).
    /// A refresh's whole store work in one atomic step: the token under `refreshHash`, when live at `now`
    /// (as `liveToken`), what `derive` makes of it inserted while it is still live, and both returned.
    /// nil: not live, nothing written. An error of `derive` (a check of the caller's) is thrown as it is
    /// and nothing is written. `readAhead`: that token as the caller already read it live
    /// (`client(id:liveToken:at:)`); it is not read again, `derive` is given it and the insert is
    /// `insertToken(_:whileLive:at:)`, whose check a revocation since the read still fails. Without it, a
    /// store whose writer can read (SQLite) does it all there: no read before the write; the others
    /// read, then `insertToken(_:whileLive:at:)`.
    func insertToken(
        derivedFrom refreshHash: String, readAhead: LiveToken?, at now: Date,
        _ derive: @escaping @Sendable (LiveToken) throws -> TokenRecord
    ) async throws -> DerivedToken?

    /// A refresh's whole store work (RFC 6749 §6, without rotation) in one atomic step, the one store call
    /// of RefreshTokenGrant: `recipe`'s access token for the refresh token under `refreshHash`
    /// (`AccessTokenRecipe.record(from:)`: its grant, account and auth time, and its scope or the narrower one
    /// the request asked for), inserted only while that token is live at `now` (as
    /// `insertToken(_:whileLive:at:)`) and the recipe takes it; returned live with its account. nil: nothing
    /// written. The recipe's refusal (`invalid_scope`) is thrown as it is, nothing written. A hash already
    /// stored is `StoreError.conflict`. `readAhead`: the refresh token as the caller already read it live
    /// (`client(id:liveToken:at:)`); it is not read again, and a revocation since that read still wins.
    /// The default reads (unless read ahead), then inserts while live (`insertToken(derivedFrom:readAhead:at:_:)`);
    /// a store keeps its own speed inside: SQLite reads in its writer's turn, PostgreSQL writes a token as
    /// granted in one statement with no read before it (docs/performance.md, The token path).
    func insertAccessToken(
        _ recipe: AccessTokenRecipe, refreshing refreshHash: String, readAhead: LiveToken?, at now: Date
    ) async throws -> LiveToken?

    /// RFC 6749 §4.1.3's whole store work, the one store call of AuthorizationCodeGrant, atomic: the code under
    /// `redemption.codeHash` consumed (single use; unknown: `invalid_grant`), `redemption.check(_:at:)` passed,
    /// its grant and account active (else `invalid_grant`), and `redemption.tokens` written for its subject.
    /// A code presented again revokes its grant with its events (RFC 6749 §4.1.2) and answers `.replayed`.
    /// A refusal (4xx) commits what was written before it (the code's consumption) and is thrown; a storage
    /// failure rolls everything back, so a retry still works. The default runs the steps in one transaction
    /// (TokenPathStore+Grants.swift).
    func redeemCode(_ redemption: CodeRedemption, at now: Date) throws -> CodeRedemption.Outcome

    /// Opt-in rotation's whole store work (RFC 9700 §4.14.2), the one store call of a rotating refresh, atomic:
    /// the refresh token under `rotation.refreshHash` read live (and of `rotation.clientID`; else
    /// `invalid_grant`), the requested scope checked within its own (`invalid_scope`, nothing written), then
    /// RefreshRotation's rule: a first presentation or a retry writes `rotation.tokens` and records the new
    /// refresh token as a child of the presented one (a retry audited); a theft revokes the grant with its events
    /// and its audit entry (`.theft`);
    /// outside the reuse window `invalid_grant`. Refusals commit what was written before them, as
    /// `redeemCode`. The default runs the steps in one transaction.
    func rotateRefreshToken(_ rotation: RefreshRotationRequest, at now: Date) throws -> RefreshRotationRequest.Outcome

    /// A first-party sign-in's store work (password, token exchange, sign-up), atomic: `grant`'s account
    /// active (else `invalid_grant`), the grant (one per sign-in) and `tokens` written for it; returns the
    /// account. Called on a transaction's view, it is part of that transaction.
    func startSignIn(_ grant: Grant, tokens: TokenPairRecipe) throws -> Account

    /// `client(id:)` and `liveToken(hash:at:)` in one step (one query on a SQL store, so one round trip
    /// to PostgreSQL): a client authenticating at the token or introspection endpoint and the token it
    /// presents. Both are read as they stand now; the caller uses the token only once the client has
    /// authenticated (ClientAuthenticator).
    func client(id: String, liveToken hash: String, at now: Date) throws -> ClientAndLiveToken

    /// `client(id:liveToken:at:)`'s answer for a caller that can wait suspended, as `readLiveToken`.
    func readClient(id: String, liveToken hash: String, at now: Date) async throws -> ClientAndLiveToken

    /// `ClientStore.client(id:)`'s answer for a caller that can wait suspended, as `readLiveToken`: client
    /// authentication without a presented token (an introspected JWS, revocation, the other grants).
    func readClient(id: String) async throws -> Client?
}

/// What `TokenPathStore.insertToken(derivedFrom:readAhead:at:_:)` read and wrote.
public struct DerivedToken: Sendable, Equatable {
    public var from: LiveToken
    public var inserted: TokenRecord

    public init(from: LiveToken, inserted: TokenRecord) {
        self.from = from
        self.inserted = inserted
    }
}

extension TokenPathStore {
    /// A read (unless read ahead), then the conditional insert: a revocation between the two still wins
    /// (the insert checks).
    public func insertToken(
        derivedFrom refreshHash: String, readAhead: LiveToken?, at now: Date,
        _ derive: @escaping @Sendable (LiveToken) throws -> TokenRecord
    ) async throws -> DerivedToken? {
        let read = if let readAhead { readAhead } else { try await readLiveToken(hash: refreshHash, at: now) }
        guard let live = read else { return nil }
        return try await insertToken(derivedFromRead: live, under: refreshHash, at: now, derive)
    }

    /// What `derive` makes of `live` (the token under `refreshHash`, read before), inserted while that
    /// token is still live (`insertToken(_:whileLive:at:)`); nil when it no longer is.
    public func insertToken(
        derivedFromRead live: LiveToken, under refreshHash: String, at now: Date,
        _ derive: (LiveToken) throws -> TokenRecord
    ) async throws -> DerivedToken? {
        let record = try derive(live)
        guard try await insertToken(record, whileLive: refreshHash, at: now) else { return nil }
        return DerivedToken(from: live, inserted: record)
    }
}

/// What a refresh writes (RFC 6749 §6): an access token for what the refresh token was granted, or for
/// the narrower scope the request asked for. The store takes the grant, the account, the scope and the auth
/// time from the refresh token; `record(from:)` is the rule, which a SQL store also says in SQL for a
/// recipe that narrows nothing (StoreConformance "granted access" holds the two to the same answers).
public struct AccessTokenRecipe: Sendable, Equatable {
    public var hash: String
    /// The client the refresh token must have been issued to (compared as bytes).
    public var clientID: String
    public var createdAt: Date
    public var lifetime: TimeInterval?
    /// The request's `scope` parameter (RFC 6749 §6: within what was granted); nil asks for what was granted.
    public var requestedScope: String?

    public init(hash: String, clientID: String, createdAt: Date, lifetime: TimeInterval?, requestedScope: String? = nil) {
        self.hash = hash
        self.clientID = clientID
        self.createdAt = createdAt
        self.lifetime = lifetime
        self.requestedScope = requestedScope
    }

    public var expiresAt: Date? { lifetime.map { createdAt.addingTimeInterval($0) } }

    /// The access token for `refresh` (as TokenService makes every token's record); nil unless it is a
    /// refresh token of `clientID`. A requested scope beyond the granted one is `invalid_scope` (ScopeRules).
    public func record(from refresh: TokenRecord) throws(OAuthError) -> TokenRecord? {
        guard refresh.kind == .refresh, refresh.clientID.sameBytes(clientID) else { return nil }
        var subject = TokenService.Subject(refresh)
        subject.scope = try ScopeRules.narrowed(requestedScope, granted: refresh.scope)
        return TokenService.record(hash, .access, subject, issued: createdAt, lifetime: lifetime)
    }
}

extension TokenPathStore {
    public func insertAccessToken(
        _ recipe: AccessTokenRecipe, refreshing refreshHash: String, readAhead: LiveToken?, at now: Date
    ) async throws -> LiveToken? {
        try await insertAccessTokenDerived(recipe, refreshing: refreshHash, readAhead: readAhead, at: now)
    }

    /// `insertAccessToken(_:refreshing:readAhead:at:)` as `insertToken(derivedFrom:readAhead:at:_:)` with the
    /// recipe's rule for `derive`: the default, and for a store or wrapper that goes this way for some recipes.
    public func insertAccessTokenDerived(
        _ recipe: AccessTokenRecipe, refreshing refreshHash: String, readAhead: LiveToken? = nil, at now: Date
    ) async throws -> LiveToken? {
        do {
            let derived = try await insertToken(derivedFrom: refreshHash, readAhead: readAhead, at: now) { live in
                guard let record = try recipe.record(from: live.record) else { throw NotTaken() }
                return record
            }
            return derived.map { LiveToken(record: $0.inserted, account: $0.from.account) }
        } catch is NotTaken {
            return nil
        }
    }
}

/// The refresh token is not one `AccessTokenRecipe` takes.
private struct NotTaken: Error {}

/// What `TokenPathStore.client(id:liveToken:at:)` read: each nil when absent (the token also when not live).
public struct ClientAndLiveToken: Sendable, Equatable {
    public var client: Client?
    public var token: LiveToken?

    public init(client: Client?, token: LiveToken?) {
        self.client = client
        self.token = token
    }
}

extension TokenPathStore {
    public func readLiveToken(hash: String, at now: Date) async throws -> LiveToken? {
        try liveToken(hash: hash, at: now)
    }

    public func readClient(id: String, liveToken hash: String, at now: Date) async throws -> ClientAndLiveToken {
        try client(id: id, liveToken: hash, at: now)
    }
}

extension TokenPathStore where Self: ClientStore {
    public func readClient(id: String) async throws -> Client? { try client(id: id) }
}

extension TokenPathStore where Self: ClientStore {
    /// Two reads, for a store where a read costs no round trip (memory).
    public func client(id: String, liveToken hash: String, at now: Date) throws -> ClientAndLiveToken {
        ClientAndLiveToken(client: try client(id: id), token: try liveToken(hash: hash, at: now))
    }
}
