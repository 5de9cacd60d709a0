import CLibPQ
import Foundation
import OAuthCore
import StoreSQL

/// One libpq connection, finished in `deinit` (docs/architecture.md rule 11). Used by one thread at a time:
/// the pool hands it out exclusively. Every parameter is sent as text; no SQL is ever built from values.
/// Statements go out through libpq's pipeline mode (PGConnection+Pipeline.swift): each one is
/// prepared once per connection, and a transaction's BEGIN travels with its first statement, so one
/// statement costs one round trip.
final class PGConnection {
    let conn: OpaquePointer
    /// True between `begin()` and `commit()`/`rollback()`.
    private(set) var inTransaction = false
    /// BEGIN has been asked for but not sent yet: it goes out with the next statement.
    var beginPending = false
    /// SQL text → name of the statement prepared for it on this connection (session-scoped).
    var prepared: [String: String] = [:]
    /// Names given so far: a name is never given twice in a session, even when a statement whose
    /// preparation failed is forgotten while later ones (already sent, in a pipeline) keep theirs.
    var namesGiven = 0
    /// Set when a pipeline ended in a state the connection cannot be trusted in; the pool resets it.
    var broken = false
    let statistics: PGStatistics

    init(conninfo: String, statistics: PGStatistics = PGStatistics()) throws {
        guard let conn = PQconnectdb(conninfo) else {
            throw StoreError.unavailable("PQconnectdb: out of memory")
        }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(conn))
            PQfinish(conn)
            throw StoreError.unavailable(
                "postgres connect: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        self.conn = conn
        self.statistics = statistics
    }

    deinit { PQfinish(conn) }

    var isHealthy: Bool { !broken && PQstatus(conn) == CONNECTION_OK }

    /// True when no transaction is open on the server side (a local check, no round trip).
    var isIdle: Bool { PQtransactionStatus(conn) == PQTRANS_IDLE && !inTransaction }

    /// Re-establishes a broken connection; false when the server is still unreachable. A new session
    /// has no prepared statements.
    func reset() -> Bool {
        _ = PQexitPipelineMode(conn)
        PQreset(conn)
        inTransaction = false
        beginPending = false
        prepared = [:]
        namesGiven = 0
        broken = false
        return isHealthy
    }

    /// Runs one parameterised statement (`$1`, `$2`, …).
    @discardableResult
    func query(_ sql: String, _ parameters: [SQLValue] = []) throws -> PGResult {
        try pipeline([PGStatement(sql, parameters)]).last!
    }

    /// Runs a script of several statements without parameters (migrations), in one round trip.
    func script(_ sql: String) throws {
        if beginPending { try query("BEGIN") }
        statistics.roundTrip()
        guard let result = PQexec(conn, sql) else {
            throw StoreError.unavailable("postgres: \(String(cString: PQerrorMessage(conn)))")
        }
        _ = try check(result, sql)
    }

    /// BEGIN, sent with the next statement (no round trip of its own).
    func begin() {
        inTransaction = true
        beginPending = true
    }

    /// COMMIT; nothing at all when no statement ran since `begin()`.
    func commit() throws {
        defer { endTransaction() }
        guard !beginPending else { return }
        try query("COMMIT")
    }

    /// ROLLBACK; nothing when no statement ran since `begin()`. Never throws (a lost connection is
    /// reset by the pool).
    func rollback() {
        defer { endTransaction() }
        guard !beginPending else { return }
        _ = try? query("ROLLBACK")
    }

    /// Rolls back a transaction a failure left open (one whose ROLLBACK failed), so that it does not hold
    /// the next caller's statements; nothing when none is open.
    func rollBackLeftover() {
        if !isIdle { rollback() }
    }

    private func endTransaction() {
        inTransaction = false
        beginPending = false
    }

    /// An INSERT that may conflict. Inside a transaction a failed statement aborts the whole
    /// transaction in PostgreSQL, so a caught conflict must not fail: a plain `INSERT … VALUES` gets
    /// `ON CONFLICT DO NOTHING` and no row inserted is reported as `.conflict` (no savepoint, no extra
    /// round trip); SQL that already says ON CONFLICT runs as it is; anything else is guarded by a
    /// savepoint sent in the same round trip.
    @discardableResult
    func guardedQuery(_ sql: String, _ parameters: [SQLValue]) throws -> PGResult {
        guard inTransaction else { return try query(sql, parameters) }
        let upper = sql.uppercased()
        if upper.contains("ON CONFLICT") { return try query(sql, parameters) }
        if upper.hasPrefix("INSERT"), upper.contains("VALUES"), !upper.contains("RETURNING") {
            let result = try query(sql + " ON CONFLICT DO NOTHING", parameters)
            guard result.changed > 0 else { throw StoreError.conflict("postgres 23505: duplicate [\(sql.prefix(40))]") }
            return result
        }
        return try savepointed(sql, parameters)
    }

    private func savepointed(_ sql: String, _ parameters: [SQLValue]) throws -> PGResult {
        do {
            return try pipeline([
                PGStatement("SAVEPOINT statement"), PGStatement(sql, parameters),
                PGStatement("RELEASE SAVEPOINT statement"),
            ])[1]
        } catch {
            _ = try? pipeline([
                PGStatement("ROLLBACK TO SAVEPOINT statement"), PGStatement("RELEASE SAVEPOINT statement"),
            ])
            throw error
        }
    }

    /// Turns a finished result into a `PGResult` or the matching `StoreError` (clearing it then).
    func check(_ result: OpaquePointer, _ sql: String) throws -> PGResult {
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return PGResult(result) }
        let state = PQresultErrorField(result, PGConnection.sqlStateField).map { String(cString: $0) } ?? ""
        let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(
            in: .whitespacesAndNewlines)
        PQclear(result)
        throw PGConnection.error(state: state, healthy: isHealthy, "\(message) [\(sql.prefix(40))]")
    }

    /// PG_DIAG_SQLSTATE is the character 'C' in libpq's headers.
    private static let sqlStateField = Int32(UInt8(ascii: "C"))

    /// Lost connections and transient server states (08, 40, 53, 57P, 55P03) are `.unavailable`;
    /// integrity violations (class 23: unique 23505, foreign key 23503) are `.conflict`.
    static func error(state: String, healthy: Bool, _ detail: String) -> StoreError {
        if !healthy { return .unavailable("postgres connection lost: \(detail)") }
        let transient = ["08", "40", "53", "57P", "55P03", "58"]
        if transient.contains(where: state.hasPrefix) { return .unavailable("postgres \(state): \(detail)") }
        if state.hasPrefix("23") { return .conflict("postgres \(state): \(detail)") }
        return .corrupt("postgres \(state): \(detail)")
    }
}
