import Foundation
import JOSE
import OAuthCore
import Support
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Identity

@Suite struct AppleClientTests {
    @Test func clientSecretCarriesApplesClaimsAndARawSignature() throws {
        let h = try Harness()
        let secret = try h.secret.secret(for: Harness.appBundleID)
        let jws = try JWS.verify(secret, with: h.standIn.clientSecretKey.verificationKey)
        #expect(jws.header.algorithm == "ES256" && jws.header.keyID == "KEY1234567")
        #expect(jws.signature.count == 64)
        let claims = try jws.claims()
        #expect(try claims.string("iss") == h.standIn.teamID)
        #expect(try claims.string("sub") == Harness.appBundleID)
        #expect(try claims.audiences() == ["https://appleid.apple.com"])
        let iat = try #require(try claims.numericDate("iat"))
        let exp = try #require(try claims.numericDate("exp"))
        #expect(iat == h.clock.unixTime && exp - iat == 3600 && exp - iat <= 15_777_000)
        #expect(h.standIn.checkClientSecret(FormParameters([("client_id", Harness.appBundleID), ("client_secret", secret)])) == nil)
    }

    @Test func clientSecretsAreCachedPerClientAndRenewedBeforeExpiry() throws {
        let h = try Harness()
        let first = try h.secret.secret(for: Harness.appBundleID)
        #expect(try h.secret.secret(for: Harness.servicesID) != first)
        h.clock.advance(by: 3600 - 301)
        #expect(try h.secret.secret(for: Harness.appBundleID) == first)
        h.clock.advance(by: 1)
        let renewed = try h.secret.secret(for: Harness.appBundleID)
        #expect(renewed != first)
        #expect(try JWS.verify(renewed, with: h.standIn.clientSecretKey.verificationKey).claims().numericDate("iat")
            == h.clock.unixTime)
    }

    @Test func lifetimesBeyondApplesLimitAreRefused() throws {
        #expect(throws: ProviderCallError.self) { try AppleClientSecret.Configuration(teamID: "T", lifetime: 15_777_001) }
        #expect(throws: ProviderCallError.self) { try AppleClientSecret.Configuration(teamID: "") }
        _ = try AppleClientSecret.Configuration(teamID: "T", lifetime: 15_777_000)
    }

    @Test func theStandInRefusesADERSignature() async throws {
        let h = try Harness()
        let secret = try h.secret.secret(for: Harness.appBundleID)
        let parts = secret.split(separator: ".")
        let der = Self.der(try Base64URL.decode(parts[2]))
        let forged = parts[0] + "." + parts[1] + "." + Base64URL.encode(der)
        var request = URLRequest(url: h.standIn.baseURL.appendingPathComponent("auth/token"))
        request.httpMethod = "POST"
        request.httpBody = Data(FormParameters([("client_id", Harness.appBundleID), ("client_secret", String(forged)),
                                                ("code", "c"), ("grant_type", "authorization_code")]).encoded.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(ProviderEndpoint.rejection(data) == .rejected(.invalidClient, description: "signature (raw r‖s ES256 expected)"))
    }

    @Test func codeExchangeStoresTheRefreshTokenSealed() async throws {
        let h = try Harness()
        h.standIn.addCode("code-1", .init(clientID: Harness.appBundleID, subject: "001.ann", refreshToken: "r.secret-refresh"))
        let outcome = try await h.signInService().signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"),
                                                         appleAuthorizationCode: "code-1")
        guard case .signedIn(let ann, created: true) = outcome else { Issue.record("\(outcome)"); return }
        let sent = try #require(h.standIn.snapshot.tokenRequests.first)
        #expect(sent["grant_type"] == "authorization_code" && sent["code"] == "code-1")
        #expect(sent["client_id"] == Harness.appBundleID && sent["redirect_uri"] == nil)
        let stored = try #require(try h.storage.thirdPartyTokens(accountID: ann).first)
        #expect(stored.provider == .apple)
        #expect(!String(decoding: stored.encryptedRefreshToken, as: UTF8.self).contains("secret-refresh"))
        #expect(try h.sealer.open(stored.encryptedRefreshToken, provider: .apple)
            == ProviderToken(clientID: Harness.appBundleID, refreshToken: "r.secret-refresh"))
        #expect(throws: (any Error).self) { try h.sealer.open(stored.encryptedRefreshToken, provider: .google) }
    }

    /// docs/sign-in.md "When a code exchange fails": no account is made without the token deletion revokes.
    @Test func aFailedExchangeRefusesANewPersonAndCreatesNothing() async throws {
        let h = try Harness()
        // Unknown code → invalid_grant; a code for another user → the returned id_token names someone else.
        h.standIn.addCode("other", .init(clientID: Harness.appBundleID, subject: "001.mallory", refreshToken: "r"))
        let service = h.signInService()
        for code in ["used-twice", "other"] {
            await #expect(throws: SignInService.Failure.authorizationCodeRefused) {
                try await service.signIn(provider: .apple, identity: h.appleIdentity(sub: "001.ann"),
                                         appleAuthorizationCode: code)
            }
        }
        #expect(try h.storage.listAccounts().isEmpty)
        #expect(h.standIn.snapshot.refusals.contains { $0.hasPrefix("invalid_grant") })
        #expect(!h.logs.records.contains { $0.jsonLine.contains("used-twice") })
    }

    @Test func appleErrorsAreTyped() async throws {
        let h = try Harness()
        await #expect(throws: ProviderCallError.rejected(.invalidGrant, description: "The code has expired or has been revoked.")) {
            try await h.client.exchangeCode("nope", clientID: Harness.appBundleID)
        }
        let down = AppleClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 2), secret: h.secret)
        do {
            try await down.revoke("t", clientID: Harness.appBundleID)
            Issue.record("expected a failure")
        } catch let error as ProviderCallError {
            #expect(error.isTemporary)
        }
    }

    /// ASN.1 DER `SEQUENCE { INTEGER r, INTEGER s }` from JOSE's raw r‖s, as OpenSSL would emit it.
    static func der(_ raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw[0..<32]) + integer(raw[32..<64])
        return [0x30, UInt8(body.count)] + body
    }
}

@Suite struct AppleCodeDuringLinkingTests {
    @Test func aWebCodeSentWhileLinkingIsKeptUntilTheLinkIsRedeemed() async throws {
        let h = try Harness()
        let service = h.signInService()
        let ann = try #require(try await service.signIn(
            provider: .google, identity: h.googleIdentity(sub: "g-ann", email: "ann@example.com")).signedInAccount)
        h.standIn.addCode("web-code", .init(clientID: Harness.servicesID, subject: "001.ann", refreshToken: "r.web"))
        let outcome = try await service.signIn(
            provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com", aud: Harness.servicesID),
            appleAuthorizationCode: "web-code", appleRedirectURI: "https://example.com/apple/callback")
        guard case .linkRequired(let token, _) = outcome else { Issue.record("\(outcome)"); return }
        let sent = try #require(h.standIn.snapshot.tokenRequests.first)
        #expect(sent["client_id"] == Harness.servicesID && sent["redirect_uri"] == "https://example.com/apple/callback")
        #expect(try h.storage.thirdPartyTokens(accountID: ann).isEmpty)

        let apple = try service.redeemLinkToken(token, provenAccountID: ann)
        let stored = try #require(try h.storage.thirdPartyTokens(accountID: ann).first)
        #expect(stored.identityID == apple.id)
        #expect(try h.sealer.open(stored.encryptedRefreshToken, provider: .apple).clientID == Harness.servicesID)
    }
}
