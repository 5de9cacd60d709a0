import CLibPQ
import Foundation
import OAuthCore
import StoreSQL

/// A query result, cleared in `deinit`. Sendable: libpq never changes a result once made, and this
/// type only reads it (PGReader hands results from its thread to the callers').
final class PGResult: @unchecked Sendable {
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
