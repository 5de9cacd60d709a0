import Foundation
import StoreSQL
import Testing

/// The hand-written string-list coder (docs/performance.md) against Foundation's JSON: every value
/// round-trips, what JSONEncoder wrote before is still read, and malformed text is refused.
@Suite struct StringListTests {
    static let lists: [[String]] = [
        [], [""], ["openid", "email"], ["a\"b", "back\\slash", "tab\tnew\nline\u{1}", "/slash/", "ümlaut 日本", "a,b", "[]"],
    ]

    @Test(arguments: lists) func roundTripsAndIsJSON(_ list: [String]) throws {
        let text = try StringList.encode(list)
        #expect(try StringList.decode(text) == list)
        #expect(try JSONDecoder().decode([String].self, from: Data(text.utf8)) == list)
    }

    @Test(arguments: lists) func readsWhatJSONEncoderWrote(_ list: [String]) throws {
        let text = String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
        #expect(try StringList.decode(text) == list)
    }

    @Test(arguments: ["", "[", "[\"a\"", "[\"a\"x]", "{\"a\":1}", "[1]"])
    func refusesMalformedText(_ text: String) {
        #expect(throws: (any Error).self) { try StringList.decode(text) }
    }
}
