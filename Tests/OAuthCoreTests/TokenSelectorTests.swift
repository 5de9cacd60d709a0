import Foundation
import JOSE
import OAuthCore
import Support
import Testing

/// Access and refresh tokens carry their issue time (OpaqueToken, docs/performance.md): what is issued,
/// what the store keys it by, and tokens issued before selectors, which keep working.
@Suite struct TokenSelectorTests {
    @Test func issuedTokensCarryTheirIssueTimeAndAreKeyedByIt() async throws {
        let f = try Fixture()
        let issued = f.clock.now()
        let tokens = try await f.googleTokens()
        for token in [tokens.access, tokens.refresh] {
            let selector = String(decoding: token.utf8.dropFirst(4).prefix(12), as: UTF8.self)
            let milliseconds = UInt64(selector, radix: 16)
            #expect(milliseconds == UInt64((issued.timeIntervalSince1970 * 1000).rounded(.down)), "\(token)")
            let record = try #require(try f.memory.token(hash: OpaqueToken.hash(token)))
            #expect(record.hash.utf8.elementsEqual(("~" + selector + Base64URL.encode(SHA256.hash(token))).utf8))
        }
    }

    @Test func tokensIssuedBeforeSelectorsStillWork() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        let current = try #require(try f.memory.token(hash: OpaqueToken.hash(tokens.refresh)))
        let oldAccess = "ala_" + f.random.token(byteCount: 32)
        let oldRefresh = "alr_" + f.random.token(byteCount: 32)
        for (token, kind) in [(oldAccess, TokenRecord.Kind.access), (oldRefresh, .refresh)] {
            var record = current
            record.hash = Base64URL.encode(SHA256.hash(token))  // the key before selectors: the plain hash
            record.kind = kind
            try f.memory.insertToken(record)
        }
        let service = TokenService(environment: f.environment)
        await #expect(try service.verifyAccessToken(oldAccess).account.id == f.aliceID)
        let refreshed = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", oldRefresh)])
        let access = try #require(refreshed.string("access_token"))
        #expect(refreshed.string("refresh_token") == oldRefresh)
        await #expect(try service.verifyAccessToken(access).account.id == f.aliceID)
        #expect(OpaqueToken.hash(access).hasPrefix("~"), "new tokens are issued with a selector")
    }

    /// The selector is bound to the token: another selector before the same random part is another token.
    @Test func aTokenWithItsSelectorChangedIsRefused() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        func altered(_ token: String) async -> String {
            var bytes = Array(token.utf8)
            bytes[15] = bytes[15] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            return String(decoding: bytes, as: UTF8.self)
        }
        await #expect(throws: OAuthError.self) { try await TokenService(environment: f.environment).verifyAccessToken(altered(tokens.access)) }
        let refused = await f.googleToken([("grant_type", "refresh_token"), ("refresh_token", altered(tokens.refresh))])
        #expect(refused.error == "invalid_grant")
    }
}

/// Scope tokens are protocol values (RFC 6749 §3.3): compared and de-duplicated as bytes, so a scope
/// equal to a granted one only under Unicode equivalence is another scope.
@Suite struct ScopeBytesTests {
    @Test func parseKeepsScopesThatDifferInBytes() {
        #expect(ScopeRules.parse("caf\u{E9} cafe\u{301} caf\u{E9}").map { Array($0.utf8) }
            == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
        #expect(ScopeRules.isWithin(["caf\u{E9}"], ["caf\u{E9}", "devices"]))
        #expect(!ScopeRules.isWithin(["cafe\u{301}"], ["caf\u{E9}"]))
        #expect(!ScopeRules.isWithin(["\u{212A}"], ["K"]))
    }

    @Test func aRefreshAskingForAnEquivalentButDifferentScopeIsInvalidScope() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens()
        var record = try #require(try f.memory.token(hash: OpaqueToken.hash(tokens.refresh)))
        let refresh = "alr_" + f.random.token(byteCount: 32)
        record.hash = OpaqueToken.hash(refresh)
        record.scope = ["caf\u{E9}"]
        try f.memory.insertToken(record)
        let refused = await f.googleToken(
            [("grant_type", "refresh_token"), ("refresh_token", refresh), ("scope", "cafe\u{301}")])
        #expect(refused.error == "invalid_scope")
        let allowed = await f.googleToken(
            [("grant_type", "refresh_token"), ("refresh_token", refresh), ("scope", "caf\u{E9}")])
        #expect(allowed.string("scope").map { Array($0.utf8) } == Array("caf\u{E9}".utf8))
    }
}
