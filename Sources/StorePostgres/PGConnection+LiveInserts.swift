import OAuthCore
import StoreSQL

/// One refresh's write in PostgreSQL's group commit (PGInsertBatch): the access token's row, written only
/// while its refresh token is live (`TokenPathStore.insertToken(_:whileLive:at:)`).
struct PGLiveInsert: PGBatchItem {
    /// An element for each array of `insertWhileLiveLockingSQL` (`SQLStorage.liveInsertRow`).
    let row: [SQLValue]
    /// The new token's hash, which the statement returns when it wrote the row.
    let hash: String
    /// The grant whose row the check locks.
    let locks: String
}

extension PGConnection {
    /// Whether each of `inserts` was written (1) or its refresh token was not live (0): all of them in
    /// one statement (`insertWhileLiveLockingSQL`), one implicit transaction, one round trip, one WAL flush,
    /// so PostgreSQL starts one executor for the batch rather than one per row. When the statement fails (a
    /// conflict fails the whole statement), nothing of it was written and each runs again on its own, so
    /// only the failing one gets its error; a lost connection fails them all.
    func insertWhileLive(_ inserts: [PGLiveInsert]) -> [Result<Int, any Error>] {
        do {
            let written = try writtenHashes(inserts)
            return inserts.map { .success(written.contains(Array($0.hash.utf8)) ? 1 : 0) }
        } catch {
            guard inserts.count > 1, isHealthy else { return inserts.map { _ in .failure(error) } }
            return inserts.map { insert in Result { try writtenHashes([insert]).isEmpty ? 0 : 1 } }
        }
    }

    /// The hashes, as bytes, of the tokens of `inserts` that one run of the statement wrote.
    func writtenHashes(_ inserts: [PGLiveInsert]) throws -> Set<[UInt8]> {
        let arrays = (0..<(inserts.first?.row.count ?? 0)).map { column in
            SQLValue.pgArray(inserts.map { $0.row[column] })
        }
        return Set(try query(insertWhileLiveLockingSQL, arrays).rows { Array(try $0.text(0).utf8) })
    }
}

/// One result per item of a batch whatever `send` does (its error for all when it throws, an
/// `.unavailable` for any it left unanswered), so that no caller is left without an answer.
func oneResultPerStatement<T>(_ count: Int, _ send: () throws -> [Result<T, any Error>]) -> [Result<T, any Error>] {
    do {
        let results = try send()
        let missing = Result<T, any Error>.failure(StoreError.unavailable("postgres: a batch went unanswered"))
        return results + Array(repeating: missing, count: max(0, count - results.count))
    } catch {
        return Array(repeating: .failure(error), count: count)
    }
}
