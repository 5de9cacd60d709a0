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
