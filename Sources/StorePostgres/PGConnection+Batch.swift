import OAuthCore

extension PGConnection {
    /// Rows changed by each of `statements`, run as one transaction in one round trip (BEGIN, each,
    /// COMMIT; PGInsertBatch). When one fails the transaction is rolled back and each runs again on its
    /// own, so only the failing one gets its error; a lost connection fails them all (`.unavailable`).
    func batch(_ statements: [PGStatement]) -> [Result<Int, any Error>] {
        guard statements.count > 1 else { return statements.map(alone) }
        do {
            let results = try pipeline([PGStatement("BEGIN")] + statements + [PGStatement("COMMIT")])
            return results.dropFirst().prefix(statements.count).map { .success($0.changed) }
        } catch {
            guard isHealthy else { return statements.map { _ in .failure(error) } }
            _ = try? query("ROLLBACK")
            return statements.map(alone)
        }
    }

    private func alone(_ statement: PGStatement) -> Result<Int, any Error> {
        Result { try query(statement.sql, statement.parameters).changed }
    }
}

extension PGConnection {
    /// The results of `statements` that only read, sent in one round trip (PGReadBatch). When one fails,
    /// each runs again on its own, so only the failing one gets its error.
    func readBatch(_ statements: [PGStatement]) -> [Result<PGResult, any Error>] {
        guard statements.count > 1 else { return statements.map { s in Result { try query(s.sql, s.parameters) } } }
        do {
            return try pipeline(statements).map { .success($0) }
        } catch {
            guard isHealthy else { return statements.map { _ in .failure(error) } }
            return statements.map { s in Result { try query(s.sql, s.parameters) } }
        }
    }
}
