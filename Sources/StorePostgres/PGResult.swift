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

    /// `map` of row `row`, its columns counted from `offset`.
    fileprivate func row<T>(_ row: Int32, offset: Int32, _ map: (any SQLRow) throws -> T) throws -> T {
        try map(PGRow(result: result, row: row, offset: offset))
    }

    /// Rows changed by INSERT/UPDATE/DELETE (PQcmdTuples).
    var changed: Int { Int(String(cString: PQcmdTuples(result))) ?? 0 }

    func rows<T>(_ map: (any SQLRow) throws -> T) throws -> [T] {
        try (0..<rowCount).map { try map(PGRow(result: result, row: Int32($0))) }
    }

    /// The rows of a merged read (PGReader.Job.merged) for each of its `count` callers: the first column
    /// holds the caller's ordinal (1…count), the caller's own columns follow; each caller's rows in the
    /// order the server sent them.
    func parts(_ count: Int) throws -> [PGRows] {
        var rows = Array(repeating: [Int32](), count: count)
        for row in 0..<Int32(rowCount) {
            let ordinal = try PGRow(result: result, row: row).int64(0)
            guard ordinal >= 1, ordinal <= count else { throw StoreError.corrupt("merged read: ordinal \(ordinal)") }
            rows[Int(ordinal) - 1].append(row)
        }
        return rows.map { PGRows(result: self, rows: $0, offset: 1) }
    }
}

/// The rows one reader of a result gets: all of a statement's, or its own of a merged statement's
/// (`PGResult.parts`), whose columns start after the ordinal.
struct PGRows: Sendable {
    let result: PGResult
    /// The rows' numbers; nil for every row (a statement's own result, kept without a list on the hot path).
    private let rows: [Int32]?
    private let offset: Int32

    /// Every row of `result`.
    init(_ result: PGResult) {
        self.result = result
        rows = nil
        offset = 0
    }

    init(result: PGResult, rows: [Int32], offset: Int32) {
        self.result = result
        self.rows = rows
        self.offset = offset
    }

    var rowCount: Int { rows?.count ?? result.rowCount }

    func rows<T>(_ map: (any SQLRow) throws -> T) throws -> [T] {
        guard let rows else { return try result.rows(map) }
        return try rows.map { try result.row($0, offset: offset, map) }
    }
}

/// One row of a text-format result, its columns counted from `offset`; valid while its `PGResult` lives.
struct PGRow {
    let result: OpaquePointer
    let row: Int32
    var offset: Int32 = 0

    func optionalText(_ column: Int32) -> String? {
        guard PQgetisnull(result, row, column + offset) == 0, let value = PQgetvalue(result, row, column + offset)
        else {
            return nil
        }
        return String(cString: value)
    }
}
