import Foundation

/// A token that is live at the time asked (unrevoked, unexpired) with its account, which is active.
public struct LiveToken: Sendable, Equatable {
    public var record: TokenRecord
    public var account: Account

    public init(record: TokenRecord, account: Account) {
        self.record = record
        self.account = account
    }
}

/// The token path in one statement per step (issue 16, docs/performance.md): what every Bearer,
/// introspection and refresh asks, read in one query, and the access token of a refresh written
/// without a transaction around it.
///
/// "Live" is one rule, `TokenRecord.isUsable(at:)` plus an active account; a SQL store says it in its
/// WHERE clause and the conformance suite holds the two to the same answers.
public protocol TokenPathStore {
    /// The token stored under `hash` and its account, when the token is usable at `now` and the account
    /// is active; nil otherwise (unknown, revoked, expired, or an account that is not active).
    func liveToken(hash: String, at now: Date) throws -> LiveToken?

    /// Inserts `token` only while the refresh token stored under `refreshHash` is live at `now`, in one
    /// atomic step: a revocation (of that token, its grant or its account) committed before it wins and
    /// nothing is written (false). A hash already stored is `StoreError.conflict`. Async: a store that
    /// gathers writes into one commit (SQLite) keeps the caller suspended, not blocked, meanwhile.
    func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool
}
