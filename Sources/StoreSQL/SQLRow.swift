import Foundation
import OAuthCore

/// One result row as a backend reads it; valid only inside the `query` map closure. A backend
/// supplies the primitives, the rest is derived here once.
package protocol SQLRow {
    func isNull(_ column: Int32) -> Bool
    /// NULL is nil.
    func optionalText(_ column: Int32) throws -> String?
    /// The integer in a NOT NULL column.
    func int64(_ column: Int32) throws -> Int64
    func bool(_ column: Int32) throws -> Bool
    func bytes(_ column: Int32) throws -> [UInt8]
}

extension SQLRow {
    package func text(_ column: Int32) throws -> String {
        guard let text = try optionalText(column) else {
            throw StoreError.corrupt("NULL text in column \(column)")
        }
        return text
    }

    package func int(_ column: Int32) throws -> Int { Int(try int64(column)) }
    package func optionalInt(_ column: Int32) throws -> Int? { isNull(column) ? nil : try int(column) }

    package func date(_ column: Int32) throws -> Date { StoredTime.date(try int64(column)) }
    package func optionalDate(_ column: Int32) throws -> Date? { isNull(column) ? nil : try date(column) }

    package func strings(_ column: Int32) throws -> [String] { try StringList.decode(try text(column)) }

    package func raw<T: RawRepresentable>(_ column: Int32, as type: T.Type) throws -> T
    where T.RawValue == String {
        let text = try text(column)
        guard let value = T(rawValue: text) else { throw StoreError.corrupt("unknown \(T.self) \(text)") }
        return value
    }
}
