import Foundation
import OAuthCore
import StoreSQL

extension PostgresStorage {
    /// Sent in a group commit with the others waiting (PGInsertBatch's thread): all of them in one
    /// statement (StoreSQL's `insertWhileLiveLockingSQL`), one round trip and one WAL flush for many
    /// refreshes. Inside a transaction view it runs at once, alone, on the transaction's connection.
    public func insertToken(_ token: TokenRecord, whileLive refreshHash: String, at now: Date) async throws -> Bool {
        let insert = PGLiveInsert(
            row: try Self.liveInsertRow(token, refreshHash, now), hash: token.hash, locks: token.grantID)
        if let pinned { return try !pinned.writtenHashes([insert]).isEmpty }
        return try await insertBatch.run(insert) == 1
    }
}
