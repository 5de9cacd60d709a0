import OAuthCore
import StoreSQL

/// One refresh's write in PostgreSQL's group commit (PGInsertBatch): the access token's row, written only
/// while its refresh token is live (`insertToken(_:whileLive:at:)`, `insertAccessToken(_:refreshing:readAhead:at:)`).
struct PGLiveInsert: Sendable {
    /// An element for each array of `insertWhileLiveLockingSQL` (`SQLStorage.liveInsertRow`,
    /// `SQLStorage.grantedInsertRow`); the statement orders the rows for their locks itself.
    let row: [SQLValue]
    /// The new token's hash, by which the statement's answer tells its row.
    let hash: String
}

extension PGConnection {
    /// The row written for each of `inserts` (the new token's columns, then its account's), none when its
    /// refresh token was not live: all of them in one statement (`insertWhileLiveLockingSQL`), one
    /// implicit transaction, one round trip, one WAL flush, so PostgreSQL starts one executor for the batch
    /// rather than one per row. When the statement fails (a conflict fails the whole statement), nothing
    /// of it was written and each runs again on its own, so only the failing one gets its error; a lost
    /// connection fails them all.
    func insertWhileLive(_ inserts: [PGLiveInsert]) -> [Result<PGRows, any Error>] {
        do {
            return try written(inserts).map { .success($0) }
        } catch {
            guard inserts.count > 1, isHealthy else { return inserts.map { _ in .failure(error) } }
            return inserts.map { insert in Result { try written([insert])[0] } }
        }
    }

    /// One run of the statement for `inserts`: each one's rows of its answer (told by the hash's bytes).
    func written(_ inserts: [PGLiveInsert]) throws -> [PGRows] {
        let arrays = (0..<(inserts.first?.row.count ?? 0)).map { column in
            SQLValue.pgArray(inserts.map { $0.row[column] })
        }
        let result = try query(insertWhileLiveLockingSQL, arrays)
        let hashes = try PGRows(result).rows { Array(try $0.text(0).utf8) }
        let rows = Dictionary(zip(hashes, Int32(0)...), uniquingKeysWith: { first, _ in first })
        return inserts.map { insert in
            PGRows(result: result, rows: rows[Array(insert.hash.utf8)].map { [$0] } ?? [], offset: 0)
        }
    }
}
