import Support
import Testing

/// The Authorization header's scheme on bytes (RFC 9110 §11.1): case-insensitive, ended by spaces.
@Suite struct AuthorizationSchemeTests {
    @Test(arguments: [("Basic YWI6Y2Q=", "YWI6Y2Q="), ("bAsIc   YWI6Y2Q=", "YWI6Y2Q="), ("BASIC x", "x")])
    func theParameterFollowsTheScheme(header: String, expected: String) {
        #expect(AuthorizationScheme.parameter(of: header, scheme: "basic").map(String.init) == expected)
    }

    @Test(arguments: ["Bearer x", "Basic", "Basic   ", " Basic x", "Basicx y", "Basi x", "B\u{0101}sic x", ""])
    func anythingElseIsNil(header: String) {
        #expect(AuthorizationScheme.parameter(of: header, scheme: "basic") == nil)
    }

    @Test func caseFoldingIsASCIIOnly() {
        func equal(_ text: String, _ wanted: StaticString) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { ASCIICase.equal($0, lowercased: wanted) }
        }
        #expect(equal("APPLICATION/X-WWW-FORM-URLENCODED", "application/x-www-form-urlencoded"))
        // U+212A KELVIN SIGN lowercases to k in Unicode, never in an ASCII token.
        #expect(!equal("\u{212A}", "k"))
        #expect(!equal("ab", "abc"))
        #expect(!equal("[", "{"), "only A–Z fold: [ is not {")
    }

    @Test func formComponentsDecodeTheSameWithAndWithoutEscapes() {
        let text = "a%20b+c&plain"
        for piece in text.split(separator: "&") {
            #expect(FormEncoding.decodeComponent(piece) == FormEncoding.decodeComponent(String(piece)))
        }
        #expect(FormEncoding.decodeComponent(Substring("a%20b+c")) == "a b c")
        #expect(FormEncoding.decodeComponent(Substring("plain-text_1")) == "plain-text_1")
        #expect(FormEncoding.decodeComponent(Substring("a+b"), plusIsSpace: false) == "a+b")
        #expect(FormEncoding.decodeComponent(Substring("%E2%82%AC")) == "€")
    }
}
