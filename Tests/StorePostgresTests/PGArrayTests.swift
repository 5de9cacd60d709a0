import Foundation
import OAuthCore
import StoreSQL
import Testing

@testable import StorePostgres

/// `SQLValue.pgArray` (PGValue.swift), the text form of the arrays the group commit sends: every element
/// comes back from PostgreSQL with the same bytes, in the same place, NULL as NULL.
@Suite
struct PGArrayTests {
    /// Texts that an array literal treats specially (quotes, backslashes, braces, commas, spaces, the word
    /// NULL, the empty string), bytes outside ASCII, and two spellings of "é" that Swift's `==` calls equal.
    static let texts = [
        "plain", "", "NULL", "null", #"a"b"#, #"back\slash"#, #"\""#, "{,}", " spaced ", "tab\there",
        "line\nbreak", "ü東🙂", "\u{E9}", "e\u{301}", #"["x","y"]"#,
    ]

    @Test func textsComeBackByteForByteAndNullStaysNull() throws {
        try PostgresTestDatabase.withFreshSchema(poolSize: 1) { storage, _ in
            let values = Self.texts.map { SQLValue.text($0) } + [.null]
            let back = try storage.connection { db in
                try db.query(
                    "SELECT value FROM unnest(CAST($1 AS TEXT[])) WITH ORDINALITY AS a(value, n) ORDER BY n",
                    [SQLValue.pgArray(values)]
                ).rows { row in row.isNull(0) ? nil : Array(try row.text(0).utf8) }
            }
            #expect(back == Self.texts.map { Array($0.utf8) } + [nil])
        }
    }

    @Test func integersAndNullsKeepTheirPlaces() throws {
        try PostgresTestDatabase.withFreshSchema(poolSize: 1) { storage, _ in
            let values: [SQLValue] = [.integer(0), .null, .integer(-1), .integer(Int64.max), .null]
            let back = try storage.connection { db in
                try db.query(
                    "SELECT coalesce(value::text, 'none') FROM unnest(CAST($1 AS BIGINT[])) WITH ORDINALITY AS a(value, n) ORDER BY n",
                    [SQLValue.pgArray(values)]
                ).rows { try $0.text(0) }
            }
            #expect(back == ["0", "none", "-1", String(Int64.max), "none"])
        }
    }

    @Test func theLiteralQuotesEveryElement() {
        #expect(SQLValue.pgArray([.text(#"a"b\c"#), .null, .integer(7)]) == .text(#"{"a\"b\\c",NULL,"7"}"#))
    }
}
