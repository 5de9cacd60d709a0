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

/// The token path in one statement per step (docs/performance.md): what every Bearer,
/// introspection and refresh asks, read in one query, and the access token of a refresh written
/// without a transaction around it.
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

    /// A refresh's access token as granted (the request narrows nothing), in one atomic step: `recipe`'s
    /// token for the refresh token under `refreshHash` (`AccessTokenRecipe.record(from:)`: its grant,
    /// account, scope and auth time), inserted only while that token is live at `now` (as
    /// `insertToken(_:whileLive:at:)`) and the recipe takes it; returned live with its account. nil: nothing
    /// written. A hash already stored is `StoreError.conflict`. The default is
    /// `insertToken(derivedFrom:readAhead:at:_:)`; a store that reads in another round trip than it writes
    /// (PostgreSQL) does it in its one write, with no read before it.
    func insertAccessToken(_ recipe: AccessTokenRecipe, refreshing refreshHash: String, at now: Date) async throws
        -> LiveToken?

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

/// What a refresh writes when the request narrows nothing (no `scope`, RFC 6749 §6): an access token for
/// what the refresh token was granted. The store takes the grant, the account, the scope and the auth
/// time from the refresh token; `record(from:)` is the rule, which a SQL store also says in SQL
/// (StoreConformance "granted access" holds the two to the same answers).
public struct AccessTokenRecipe: Sendable, Equatable {
    public var hash: String
    /// The client the refresh token must have been issued to (compared as bytes).
    public var clientID: String
    public var createdAt: Date
    public var lifetime: TimeInterval?

    public init(hash: String, clientID: String, createdAt: Date, lifetime: TimeInterval?) {
        self.hash = hash
        self.clientID = clientID
        self.createdAt = createdAt
        self.lifetime = lifetime
    }

    public var expiresAt: Date? { lifetime.map { createdAt.addingTimeInterval($0) } }

    /// The access token for `refresh` (as TokenService makes every token's record); nil unless it is a
    /// refresh token of `clientID`.
    public func record(from refresh: TokenRecord) -> TokenRecord? {
        guard refresh.kind == .refresh, refresh.clientID.sameBytes(clientID) else { return nil }
        return TokenService.record(hash, .access, TokenService.Subject(refresh), issued: createdAt, lifetime: lifetime)
    }
}

extension TokenPathStore {
    public func insertAccessToken(_ recipe: AccessTokenRecipe, refreshing refreshHash: String, at now: Date)
        async throws -> LiveToken?
    {
        try await insertAccessTokenDerived(recipe, refreshing: refreshHash, at: now)
    }

    /// `insertAccessToken(_:refreshing:at:)` as `insertToken(derivedFrom:readAhead:at:_:)` with the recipe's
    /// rule for `derive`: the default, and for a wrapper that records the call and goes on.
    public func insertAccessTokenDerived(_ recipe: AccessTokenRecipe, refreshing refreshHash: String, at now: Date)
        async throws -> LiveToken?
    {
        do {
            let derived = try await insertToken(derivedFrom: refreshHash, readAhead: nil, at: now) { live in
                guard let record = recipe.record(from: live.record) else { throw NotTaken() }
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
