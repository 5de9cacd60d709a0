import Foundation
import Support
import Testing
@testable import JOSE

@Suite struct JSONParserTests {
    @Test(arguments: [
        #"{"a":1,"a":2}"#, #"{"a":1}x"#, #"{"a":01}"#, #"{"a":"\ud800"}"#, "{\"a\":\"\u{01}\"}", #"{"a":tru}"#,
        #"[1,]"#, #"{"a":1,}"#, String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        " 55506553255923e1355", "-1e400",  // found by `make fuzz`: overflowed to infinity
    ])
    func rejectsInvalidJSON(text: String) {
        #expect { try JSONParser.parse(Array(text.utf8)) } throws: { ($0 as? JOSEError)?.code == .malformed }
    }

    @Test func parsesWhatProvidersSend() throws {
        let text = #"{"s":"caf\u00e9 \ud83d\ude00 \/ \"q\"","i":1800000000,"d":1.5e3,"b":false,"n":null,"a":[1,"x"],"o":{}}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value == ["s": "café 😀 / \"q\"", "i": 1_800_000_000, "d": 1500.0, "b": false, "n": nil, "a": [1, "x"], "o": [:]])
        // Our serialisation is canonical: sorted keys, no escaped slashes.
        #expect(value.serialized == #"{"a":[1,"x"],"b":false,"d":1500.0,"i":1800000000,"n":null,"o":{},"s":"café 😀 / \"q\""}"#)
    }

    /// Every control character, quote and backslash escaped, everything else (multi-byte too) as is;
    /// our parser and Foundation's read the text back to the same string; keys sorted by bytes.
    @Test func serialisationEscapesOnlyWhatJSONNeeds() throws {
        let text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "é\u{65}\u{301}😀\u{2028}"
        let value: JSONValue = ["z": .string(text), "é": 1, "e": [.string("\"\\")], "": .null]
        let bytes = value.utf8
        #expect(String(decoding: bytes, as: UTF8.self) == value.serialized)
        #expect(try JSONParser.parse(bytes) == value)
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect((foundation["z"] as? String).map { Array($0.utf8) } == Array(text.utf8))
        let serialized = value.serialized
        #expect(serialized.hasPrefix(#"{"":null,"e":["\"\\"],"z":"\u0000\u0001"#))
        #expect(serialized.contains(##"\u001f !\"#$"##))
        #expect(serialized.contains(#"\t\n\u000b\u000c\r"#))
        #expect(serialized.contains(#"XYZ[\\]^_`abc"#))
        #expect(serialized.hasSuffix("~\u{7F}é\u{65}\u{301}😀\u{2028}\",\"é\":1}"))
        #expect(JSONText.quote("a\u{1}\"") == #""a\u0001\"""#)
    }
}

@Suite struct ClaimCheckTests {
    let clock = ManualClock(Fixtures.clockStart)
    var checks: ClaimChecks { ClaimChecks(clock: clock) }

    // (exp offset from now, accepted) with the default 60 s leeway.
    @Test(arguments: [(600, true), (0, true), (-59, true), (-60, false), (-3600, false)])
    func expirationWithLeeway(offset: Int64, accepted: Bool) {
        let claims = JWTClaims(["exp": .int(Fixtures.now + offset)])
        #expect(((try? checks.checkExpiration(claims)) != nil) == accepted)
    }

    @Test(arguments: [(0, true), (60, true), (61, false)])
    func notBeforeAndIssuedAtWithLeeway(offset: Int64, accepted: Bool) {
        let claims = JWTClaims(["nbf": .int(Fixtures.now + offset), "iat": .int(Fixtures.now + offset)])
        #expect(((try? checks.checkNotBefore(claims)) != nil) == accepted)
        #expect(((try? checks.checkIssuedAt(claims)) != nil) == accepted)
    }

    @Test func fractionalNumericDatesAndFlexibleBooleans() throws {
        let claims = JWTClaims(["exp": .double(Double(Fixtures.now) + 10.9), "a": "true", "b": false, "c": "yes"])
        #expect(try claims.numericDate("exp") == Fixtures.now + 10)
        #expect(try claims.flexibleBool("a") == true)
        #expect(try claims.flexibleBool("b") == false)
        #expect(try claims.flexibleBool("missing") == nil)
        #expect(throws: JOSEError.self) { try claims.flexibleBool("c") }
        #expect(throws: JOSEError.self) { try JWTClaims(["exp": "soon"]).numericDate("exp") }
    }

    @Test func issuerIsExactAndAudienceNeedsConfiguration() throws {
        let claims = JWTClaims(["iss": "https://appleid.apple.com", "aud": ["x", "y"]])
        #expect(try checks.checkIssuer(claims, allowed: ["https://appleid.apple.com"]) == "https://appleid.apple.com")
        #expect(throws: JOSEError.self) { try checks.checkIssuer(claims, allowed: ["HTTPS://appleid.apple.com"]) }
        #expect(try checks.checkAudience(claims, allowed: ["y"]) == "y")
        #expect { try checks.checkAudience(claims, allowed: []) } throws: { ($0 as? JOSEError)?.code == .configuration }
    }
}
