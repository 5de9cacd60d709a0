import Foundation
import OAuthCore
import Support
import Testing

/// RFC 7636 with a public client.
@Suite struct PKCETests {
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    @Test func appendixBVector() async {
        #expect(PKCE.challenge(verifier: Self.verifier) == Self.challenge)
        #expect(PKCE.verify(verifier: Self.verifier, challenge: Self.challenge))
    }

    private func publicCode(_ f: Fixture) throws -> String {
        let params = Fixture.form([
            ("response_type", "code"), ("client_id", "public"), ("state", "p"),
            ("code_challenge", Self.challenge), ("code_challenge_method", "S256"),
        ])
        let url = try #require(try f.runFlow(params).redirectURL)
        return try #require(queryItems(url)["code"])
    }

    private func exchange(_ f: Fixture, _ code: String, verifier: String?) async -> EndpointResponse {
        var pairs = [("grant_type", "authorization_code"), ("code", code), ("client_id", "public")]
        if let verifier { pairs.append(("code_verifier", verifier)) }
        return await f.token(pairs)
    }

    @Test func publicClientWithCorrectVerifierGetsTokens() async throws {
        let f = try Fixture()
        let response = await exchange(f, try publicCode(f), verifier: Self.verifier)
        #expect(response.status == 200)
        #expect(response.string("refresh_token") != nil)
    }

    @Test func wrongVerifierIsInvalidGrant() async throws {
        let f = try Fixture()
        let wrong = String(Self.verifier.reversed())
        #expect(await exchange(f, try publicCode(f), verifier: wrong).error == "invalid_grant")
    }

    @Test func missingVerifierWhenChallengeWasSentIsInvalidGrant() async throws {
        let f = try Fixture()
        #expect(await exchange(f, try publicCode(f), verifier: nil).error == "invalid_grant")
    }

    @Test func verifierWithoutChallengeIsInvalidGrant() async throws {
        let f = try Fixture()
        let code = try f.googleCode()
        let response = await f.googleToken([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", Fixture.googleRedirect), ("code_verifier", Self.verifier),
        ])
        #expect(response.error == "invalid_grant")
    }

    @Test func publicClientSendingASecretIsInvalidClient() async throws {
        let f = try Fixture()
        let response = await f.token([
            ("grant_type", "authorization_code"), ("code", try publicCode(f)),
            ("client_id", "public"), ("client_secret", "anything"),
        ])
        #expect(response.status == 401)
    }
}
