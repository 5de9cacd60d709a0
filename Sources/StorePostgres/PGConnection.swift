import CLibPQ
import Foundation
import OAuthCore
import StoreSQL

/// One libpq connection, finished in `deinit` (docs/architecture.md rule 11). Used by one thread at a time:
/// the pool hands it out exclusively. Every parameter is sent as text through PQexecParams; no SQL is ever
/// built from values.
final class PGConnection {
    private let conn: OpaquePointer
    /// True between BEGIN and COMMIT/ROLLBACK issued by `PostgresStorage`.
    var inTransaction = false

    init(conninfo: String) throws {
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
    }

    deinit { PQfinish(conn) }

    var isHealthy: Bool { PQstatus(conn) == CONNECTION_OK }

    /// True when no transaction is open on the server side (a local check, no round trip).
    var isIdle: Bool { PQtransactionStatus(conn) == PQTRANS_IDLE }

    /// Re-establishes a broken connection; false when the server is still unreachable.
    func reset() -> Bool {
        PQreset(conn)
        inTransaction = false
        return isHealthy
    }

    /// Runs one parameterised statement (`$1`, `$2`, …).
    @discardableResult
    func query(_ sql: String, _ parameters: [SQLValue] = []) throws -> PGResult {
        let strings: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.pgText.flatMap { strdup($0) } }
        defer { strings.forEach { free($0) } }
        let values = strings.map { UnsafePointer($0) }
        let result = PQexecParams(conn, sql, Int32(values.count), nil, values, nil, nil, 0)
        return try check(result, sql)
    }

    /// Runs a script of several statements without parameters (migrations, BEGIN/COMMIT).
    func script(_ sql: String) throws {
        _ = try check(PQexec(conn, sql), sql)
    }

    /// Inside a transaction a failed statement aborts the whole transaction in PostgreSQL; a savepoint
    /// keeps it usable after a caught conflict, as in the other backends.
    @discardableResult
    func guardedQuery(_ sql: String, _ parameters: [SQLValue]) throws -> PGResult {
        guard inTransaction else { return try query(sql, parameters) }
        try script("SAVEPOINT statement")
        do {
            let result = try query(sql, parameters)
            try script("RELEASE SAVEPOINT statement")
            return result
        } catch {
            try? script("ROLLBACK TO SAVEPOINT statement; RELEASE SAVEPOINT statement")
            throw error
        }
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws -> PGResult {
        guard let result else {
            throw StoreError.unavailable("postgres: \(String(cString: PQerrorMessage(conn)))")
        }
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

/// A query result, cleared in `deinit`.
final class PGResult {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) { self.result = result }

    deinit { PQclear(result) }

    var rowCount: Int { Int(PQntuples(result)) }

    /// Rows changed by INSERT/UPDATE/DELETE (PQcmdTuples).
    var changed: Int { Int(String(cString: PQcmdTuples(result))) ?? 0 }

    func rows<T>(_ map: (any SQLRow) throws -> T) throws -> [T] {
        try (0..<rowCount).map { try map(PGRow(result: result, row: Int32($0))) }
    }
}

/// One row of a text-format result; valid while its `PGResult` lives.
struct PGRow {
    let result: OpaquePointer
    let row: Int32

    func optionalText(_ column: Int32) -> String? {
        guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else {
            return nil
        }
        return String(cString: value)
    }
}
