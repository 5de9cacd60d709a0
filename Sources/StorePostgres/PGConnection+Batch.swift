import OAuthCore

extension PGConnection {
    /// Rows changed by each of `statements`, run as one transaction in one round trip (BEGIN, each,
    /// COMMIT; PGInsertBatch).
    /// When one fails (the server skips the rest of the pipeline, PostgreSQL docs §34.5.1.3), the
    /// transaction is rolled back and each runs again on its own, so only the failing one gets its error;
    /// a lost connection fails them all (`.unavailable`).
    func batch(_ statements: [PGStatement]) -> [Result<Int, any Error>] {
        guard statements.count > 1 else { return statements.map(alone) }
        do {
            let sent = [PGStatement("BEGIN")] + statements + [PGStatement("COMMIT")]
            return try pipeline(sent).dropFirst().prefix(statements.count).map { .success($0.changed) }
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

/// One result per statement of a batch whatever `send` does (its error for all when it throws, an
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
