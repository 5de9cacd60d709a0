import Foundation
import OAuthCore
import Support
import JOSE
import Testing

/// HMAC, token format, client secrets and configuration validation.
@Suite struct PrimitiveTests {
    // RFC 4231 §4.2 (test case 1), §4.3 (test case 2) and §4.7 (test case 6, key longer than a block).
    @Test(arguments: [
        (
            String(repeating: "0b", count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Hex.encode(Array("Jefe".utf8)), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            String(repeating: "aa", count: 131),
            Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func hmacRFC4231(keyHex: String, message: [UInt8], expected: String) async throws {
        let key = try #require(Hex.decode(keyHex))
        #expect(Hex.encode(HMACSHA256.authenticate(key: key, data: message)) == expected)
    }

    @Test(arguments: OpaqueToken.Kind.allCases)
    func opaqueTokensCarry256BitsAndAPrefix(kind: OpaqueToken.Kind) async throws {
        let token = OpaqueToken.generate(kind, random: SeededRandom(seed: 7))
        #expect(token.hasPrefix(kind.rawValue))
        #expect(try Base64URL.decode(token.dropFirst(4)).count == 32)
        #expect(OpaqueToken.kind(of: token) == kind)
        #expect(OpaqueToken.hash(token) != token)
    }

    @Test(arguments: OpaqueToken.Kind.allCases.filter(\.carriesSelector))
    func accessAndRefreshTokensCarry256BitsAfterTheirIssueTime(kind: OpaqueToken.Kind) async throws {
        let issued = Date(timeIntervalSince1970: 1_796_342_400.123_9)  // 2026-12-04T00:00:00.123Z
        let token = OpaqueToken.generate(kind, at: issued, random: SeededRandom(seed: 7))
        #expect(token.hasPrefix(kind.rawValue))
        #expect(token.utf8.dropFirst(4).prefix(12).elementsEqual("01a23e59c47b".utf8))  // 1_796_342_400_123 ms
        #expect(try Base64URL.decode(token.dropFirst(16)).count == 32)
        #expect(OpaqueToken.kind(of: token) == kind)
        let digest = Base64URL.encode(SHA256.hash(token))
        #expect(Array(OpaqueToken.hash(token).utf8) == Array(("~01a23e59c47b" + digest).utf8))
    }

    /// The store's keys of later tokens sort after earlier ones, byte for byte, and after every key
    /// without a selector (a plain base64url hash), so new rows go to the right edge of the B-tree.
    @Test func selectorKeysSortByIssueTimeAfterPlainHashes() async throws {
        let random = SeededRandom(seed: 11)
        let times = [0.0, 0.001, 0.999, 1, 86_400, 1_796_342_400, 1_796_342_400.001, 253_402_300_799]
        let keys = times.map { OpaqueToken.hash(OpaqueToken.generate(.access, at: Date(timeIntervalSince1970: $0), random: random)) }
        for (earlier, later) in zip(keys, keys.dropFirst()) {
            #expect(earlier.utf8.lexicographicallyPrecedes(later.utf8))
        }
        let plain = (0..<64).map { _ in OpaqueToken.hash(OpaqueToken.generate(.code, random: random)) }
        #expect(plain.allSatisfy { $0.utf8.lexicographicallyPrecedes(keys[0].utf8) })
        #expect(OpaqueToken.generate(.access, at: Date(timeIntervalSince1970: -5), random: random).utf8
            .dropFirst(4).prefix(12).elementsEqual("000000000000".utf8))
    }

    /// Only an access or refresh token of exactly the selector form gets a selector key; anything else,
    /// including a token issued before selectors and look-alikes of other kinds, keys by its plain hash.
    @Test func onlyTheSelectorFormGetsASelectorKey() async throws {
        let random = SeededRandom(seed: 5)
        let tail = random.token(byteCount: 32)
        let plain = { (token: String) in Base64URL.encode(SHA256.hash(token)) }
        for token in [
            "ala_" + tail,  // issued before selectors
            "ala_01A23E59C47B" + tail,  // uppercase hex is not the selector form
            "ala_01a23e59c47g" + tail,
            "ala_01a23e59c47b" + tail + "x",
            "ala_01a23e59c47b" + tail.dropLast(),
            "alc_01a23e59c47b" + tail,  // a code, a session, a secret never carry one
            "als_01a23e59c47b" + tail,
            "alk_01a23e59c47b" + tail,
            "xyz_01a23e59c47b" + tail,
            "ala_01a23e59c4\u{E9}" + tail,  // 12 bytes, one of them not hex
        ] {
            #expect(Array(OpaqueToken.hash(token).utf8) == Array(plain(token).utf8), "\(token)")
        }
        let token = "alr_01a23e59c47b" + tail
        #expect(OpaqueToken.hash(token).hasPrefix("~01a23e59c47b"))
        // Another selector with the same random part is another key: the selector is bound to the hash.
        #expect(OpaqueToken.hash("alr_01a23e59c47c" + tail) != OpaqueToken.hash(token))
    }

    @Test func clientSecretHashMatchesInConstantTimeHelper() async {
        let secret = ClientSecret.generate(SeededRandom(seed: 3))
        #expect(ClientSecret.isAcceptable(secret))
        #expect(ClientSecret.matches(secret, storedHash: ClientSecret.hash(secret)))
        #expect(!ClientSecret.matches(secret + "x", storedHash: ClientSecret.hash(secret)))
    }

    @Test func csrfTokenIsBoundToPurposeAndInteraction() async {
        let secret: [UInt8] = Array(repeating: 9, count: 32)
        let token = CSRFToken.make(secret: secret, purpose: "consent", binding: "i1")
        #expect(CSRFToken.verify(token, secret: secret, purpose: "consent", binding: "i1"))
        #expect(!CSRFToken.verify(token, secret: secret, purpose: "login", binding: "i1"))
        #expect(!CSRFToken.verify(token, secret: secret, purpose: "consent", binding: "i2"))
        #expect(!CSRFToken.verify(nil, secret: secret, purpose: "consent", binding: "i1"))
    }

    @Test(arguments: [
        ("ftp://auth.example.com", "issuer"),
        ("http://auth.example.com", "issuer"),
        ("https://auth.example.com?x=1", "issuer"),
    ])
    func configurationRejectsBadIssuer(issuer: String, key: String) async {
        #expect(throws: OAuthConfiguration.Invalid.self) { try OAuthConfiguration(issuer: issuer) }
    }

    @Test func configurationNamesTheKeyAtFault() async {
        do {
            _ = try OAuthConfiguration(issuer: "https://a.example", codeLifetime: 601)
            Issue.record("accepted a code lifetime over 10 minutes")
        } catch {
            #expect(error.key == "code_lifetime")
        }
    }

    @Test func loopbackHTTPIssuerIsAllowed() async throws {
        #expect(try OAuthConfiguration(issuer: "http://127.0.0.1:8080/").issuer == "http://127.0.0.1:8080")
    }

    @Test func errorStatusesAreFixed() async {
        let expected: [OAuthError.Code: Int] = [
            .invalidRequest: 400, .invalidClient: 401, .invalidGrant: 400, .unauthorizedClient: 400,
            .unsupportedGrantType: 400, .invalidScope: 400, .serverError: 500, .temporarilyUnavailable: 503,
            .linkRequired: 400,
        ]
        for (code, status) in expected { #expect(code.status == status, "\(code.rawValue)") }
    }

    @Test func storeUnavailableMapsToTemporarilyUnavailable() async {
        #expect(OAuthError.from(StoreError.unavailable("down")).code == .temporarilyUnavailable)
        #expect(OAuthError.from(StoreError.corrupt("bad")).code == .serverError)
    }

    @Test func privateDetailIsNeverSent() async throws {
        let error = OAuthError.invalidGrant("the code is invalid", detail: "grant grt_secret revoked")
        guard case .json(_, let body, _) = error.response else { Issue.record("not json"); return }
        #expect(!String(decoding: body, as: UTF8.self).contains("grt_secret"))
    }
}
