import Foundation
import OAuthCore
import StoreSQL

/// The refresh's one write, sent in a group commit with the others waiting (PGInsertBatch's thread): all
/// of them in one statement (StoreSQL's `insertWhileLiveLockingSQL`), one round trip and one WAL flush
/// for many refreshes. Inside a transaction view it runs at once, alone, on the transaction's connection.
extension PostgresStorage {
    public func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        try await written(PGLiveInsert(row: try Self.liveInsertRow(token, refreshHash, now), hash: token.hash))
            .rowCount == 1
    }

    /// A refresh as granted, not read ahead (how Google refreshes): no read before the write, the statement
    /// takes the grant, account, scope and auth time from the refresh token and returns the new token with its
    /// account (one round trip). A narrowed scope needs the granted one first: read on the reader, then the
    /// group commit's insert (two); read ahead with the client: the insert alone (TokenPathStore's default).
    public func insertAccessToken(
        _ recipe: AccessTokenRecipe, refreshing refreshHash: String, readAhead: LiveToken?, at now: Date
    ) async throws -> LiveToken? {
        guard readAhead == nil, recipe.requestedScope == nil else {
            return try await insertAccessTokenDerived(recipe, refreshing: refreshHash, readAhead: readAhead, at: now)
        }
        let insert = PGLiveInsert(row: Self.grantedInsertRow(recipe, refreshHash, now), hash: recipe.hash)
        return try await written(insert).rows(liveTokenRow).first
    }

    private func written(_ insert: PGLiveInsert) async throws -> PGRows {
        if let pinned { return try pinned.written([insert])[0] }
        return try await insertBatch.run(insert)
    }
}
