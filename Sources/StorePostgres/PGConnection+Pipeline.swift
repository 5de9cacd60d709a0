import CLibPQ
import Foundation
import OAuthCore
import StoreSQL
import Synchronization

/// One statement of a pipeline.
struct PGStatement: Sendable {
    let sql: String
    let parameters: [SQLValue]

    init(_ sql: String, _ parameters: [SQLValue] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

/// Round trips to the server made by every connection of one pool (for tests and docs/performance.md).
final class PGStatistics: Sendable {
    private let count = Atomic<Int>(0)

    func roundTrip() { count.add(1, ordering: .relaxed) }
    var roundTrips: Int { count.load(ordering: .relaxed) }
}

/// libpq's pipeline mode (PostgreSQL docs §34.5): the statements of a batch, a pending BEGIN first,
/// are sent together and answered together, one round trip. A statement not prepared yet on this
/// connection is prepared in the same batch (PQsendPrepare, then PQsendQueryPrepared); prepared
/// statements belong to the session and survive ROLLBACK.
extension PGConnection {
    /// What was sent, in order, so the results can be read back in the same order.
    enum Sent {
        case prepare(sql: String)
        case execute(sql: String)
    }

    /// Most distinct SQL texts prepared per connection; the SQL comes from code, so this is a guard.
    private static let statementCacheLimit = 1000

    /// Sends `statements` in one round trip; their results in order, or the first failure's error.
    func pipeline(_ statements: [PGStatement]) throws -> [PGResult] {
        var batch = statements
        if beginPending {
            batch.insert(PGStatement("BEGIN"), at: 0)
            beginPending = false
        }
        guard PQenterPipelineMode(conn) == 1 else { throw lost("cannot enter pipeline mode") }
        var sent: [Sent] = []
        for statement in batch { try send(statement, &sent) }
        guard PQpipelineSync(conn) == 1 else { throw lost("cannot send the pipeline") }
        statistics.roundTrip()
        let results = try receive(sent)
        guard PQexitPipelineMode(conn) == 1 else { throw lost("cannot leave pipeline mode") }
        return try outcome(sent, results).suffix(statements.count)
    }

    /// Queues `statement` (prepared first when new on this connection); what went out is appended to `sent`.
    func send(_ statement: PGStatement, _ sent: inout [Sent]) throws {
        let sql = statement.sql
        if prepared[sql] == nil, prepared.count < Self.statementCacheLimit {
            namesGiven += 1
            let name = "s\(namesGiven)"
            guard PQsendPrepare(conn, name, sql, 0, nil) == 1 else { throw lost("cannot send a statement") }
            prepared[sql] = name
            sent.append(.prepare(sql: sql))
        }
        let strings: [UnsafeMutablePointer<CChar>?] = statement.parameters.map { $0.pgText.flatMap { strdup($0) } }
        defer { strings.forEach { free($0) } }
        let values = strings.map { UnsafePointer($0) }
        let count = Int32(values.count)
        let queued =
            if let name = prepared[sql] {
                PQsendQueryPrepared(conn, name, count, values, nil, nil, 0)
            } else {
                PQsendQueryParams(conn, sql, count, nil, values, nil, nil, 0)
            }
        guard queued == 1 else { throw lost("cannot send a statement") }
        sent.append(.execute(sql: sql))
    }

    /// One result per thing sent (each followed by NULL), then the sync point.
    private func receive(_ sent: [Sent]) throws -> [OpaquePointer] {
        var results: [OpaquePointer] = []
        for _ in sent {
            guard let result = PQgetResult(conn) else {
                results.forEach { PQclear($0) }
                throw lost("no result")
            }
            results.append(result)
            while let extra = PQgetResult(conn) { PQclear(extra) }
        }
        guard let sync = PQgetResult(conn), PQresultStatus(sync) == PGRES_PIPELINE_SYNC else {
            results.forEach { PQclear($0) }
            throw lost("the pipeline did not end")
        }
        PQclear(sync)
        return results
    }

    /// The executed statements' results; forgets a statement whose preparation failed; throws the
    /// first error (later statements of the batch were skipped by the server).
    private func outcome(_ sent: [Sent], _ results: [OpaquePointer]) throws -> [PGResult] {
        var firstError: (any Error)?
        var executed: [PGResult] = []
        for (item, result) in zip(sent, results) {
            switch item {
            case .prepare(let sql):
                if PQresultStatus(result) != PGRES_COMMAND_OK { prepared[sql] = nil }
                if PQresultStatus(result) == PGRES_FATAL_ERROR, firstError == nil {
                    firstError = Result { try check(result, sql) }.error
                } else {
                    PQclear(result)
                }
            case .execute(let sql):
                if PQresultStatus(result) == PGRES_PIPELINE_ABORTED {
                    PQclear(result)
                    continue
                }
                do { executed.append(try check(result, sql)) } catch { firstError = firstError ?? error }
            }
        }
        if let firstError { throw firstError }
        return executed
    }

    func lost(_ what: String) -> StoreError {
        broken = true
        return .unavailable("postgres: \(what): \(String(cString: PQerrorMessage(conn)))")
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
