import Foundation
import GoogleRedirects
import OAuthCore
import Support
import Testing

/// Every outcome of the App Flip endpoint (docs/app-flip-ios.md §2 and §4).
@Suite struct AppFlipTests {
    private func appFlip(
        _ f: Fixture, token: String?, _ extra: [(String, String)] = [],
        redirectURI: String = Fixture.appFlipRedirect, clientID: String = "google"
    ) async -> EndpointResponse {
        let params = Fixture.form(
            [
                ("client_id", clientID), ("redirect_uri", redirectURI), ("scope", "devices"),
                ("state", "flip-state"),
            ] + extra)
        return await AppFlipEndpoint(environment: f.environment)
            .handle(AppFlipRequest(parameters: params, authorization: token.map { "Bearer " + $0 }))
    }

    @Test func successReturnsCodeStateAndRedirect() async throws {
        let f = try Fixture()
        let response = await appFlip(f, token: try f.appAccessToken())
        #expect(response.status == 200)
        let code = try #require(response.string("code"))
        #expect(response.string("state") == "flip-state")
        let redirect = try #require(response.string("redirect_to"))
        #expect(redirect.hasPrefix(Fixture.appFlipRedirect + "?"))
        #expect(queryItems(redirect)["code"] == code)
        #expect(queryItems(redirect)["state"] == "flip-state")
        #expect(try f.memory.auditEvents(limit: 10).contains { $0.kind == "app_flip.allow" })
    }

    @Test func codeIsRedeemableOnceOnly() async throws {
        let f = try Fixture()
        let code = try #require(await appFlip(f, token: try f.appAccessToken()).string("code"))
        let request = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Fixture.appFlipRedirect),
        ]
        #expect(await f.googleToken(request).status == 200)
        #expect(await f.googleToken(request).error == "invalid_grant")
    }

    @Test func codeIsNotRedeemableByAnotherClient() async throws {
        let f = try Fixture()
        let code = try await #require(appFlip(f, token: try f.appAccessToken()).string("code"))
        let response = await f.token([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", Fixture.appFlipRedirect), ("client_id", "other"),
            ("client_secret", Fixture.otherSecret),
        ])
        #expect(response.error == "invalid_grant")
    }

    @Test func denyIsAccessDeniedWithRedirect() async throws {
        let f = try Fixture()
        let response = await appFlip(f, token: try f.appAccessToken(), [("decision", "deny")])
        #expect(response.status == 403)
        #expect(response.error == "access_denied")
        let redirect = try #require(response.string("redirect_to"))
        #expect(queryItems(redirect)["error"] == "access_denied")
        #expect(queryItems(redirect)["state"] == "flip-state")
        #expect(try f.memory.auditEvents(limit: 10).contains { $0.kind == "app_flip.access_denied" })
    }

    @Test func missingTokenIsCancelled() async throws {
        let f = try Fixture()
        let response = await appFlip(f, token: nil)
        #expect(response.status == 401)
        #expect(response.error == "cancelled")
        #expect(response.string("redirect_to") != nil)
    }

    @Test func expiredTokenIsCancelled() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        f.clock.advance(by: 3601)
        await #expect(appFlip(f, token: token).error == "cancelled")
    }

    @Test func revokedTokenIsCancelled() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        _ = try f.memory.revokeToken(hash: OpaqueToken.hash(token), at: f.clock.now())
        await #expect(appFlip(f, token: token).error == "cancelled")
    }

    @Test func thirdPartyTokenIsCancelled() async throws {
        let f = try Fixture()
        let googleAccess = try await f.googleTokens().access
        await #expect(appFlip(f, token: googleAccess).error == "cancelled")
    }

    @Test func disabledAccountIsUnrecoverable() async throws {
        let f = try Fixture()
        let token = try await f.appAccessToken()
        try f.setAliceStatus(.disabled)
        let response = await appFlip(f, token: token)
        #expect(response.error == "unrecoverable")
        #expect(response.string("redirect_to") != nil)
    }

    @Test func unknownClientIsInvalidRequest() async throws {
        let f = try Fixture()
        let response = await appFlip(f, token: try f.appAccessToken(), clientID: "nobody")
        #expect(response.status == 400)
        #expect(response.error == "invalid_request")
    }

    @Test func unregisteredGoogleRedirectIsInvalidRequestWithRedirect() async throws {
        let f = try Fixture()
        let uri = "https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.OPA"
        let response = await appFlip(f, token: try f.appAccessToken(), redirectURI: uri)
        #expect(response.error == "invalid_request")
        #expect(response.string("redirect_to")?.hasPrefix(uri + "?error=invalid_request") == true)
    }

    @Test func foreignRedirectURIGetsNoRedirectTo() async throws {
        let f = try Fixture()
        let response = await appFlip(
            f, token: try f.appAccessToken(), redirectURI: "https://evil.example/a/com.google.OPA")
        #expect(response.error == "invalid_request")
        #expect(response.string("redirect_to") == nil)
    }

    @Test func registeredButNonAppFlipRedirectGetsNoRedirectToOnError() async throws {
        let f = try Fixture()
        let response = await appFlip(f, token: nil, redirectURI: Fixture.googleRedirect)
        #expect(response.error == "cancelled")
        #expect(response.string("redirect_to") == nil)
    }

    @Test func missingParameterIsInvalidRequest() async throws {
        let f = try Fixture()
        let response = await AppFlipEndpoint(environment: f.environment).handle(
            AppFlipRequest(
                parameters: Fixture.form([("client_id", "google")]),
                authorization: "Bearer " + (try f.appAccessToken())))
        #expect(response.error == "invalid_request")
    }

    // The server answers through the same rule as AppFlipKit (GoogleRedirects.AppFlipRedirect);
    // these are the edge cases on which the two former copies disagreed.
    @Test(arguments: [
        ("https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast", true),
        ("https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.OPA.dev", true),
        ("http://oauth-redirect.googleusercontent.com/a/com.google.OPA", false),
        ("https://oauth-redirect.googleusercontent.com/r/project", false),
        ("https://oauth-redirect.googleusercontent.com/a/", false),
        ("https://oauth-redirect.googleusercontent.com.evil.example/a/x", false),
        ("https://oauth-redirect.googleusercontent.com/a/x/y", false),
        ("https://oauth-redirect.googleusercontent.com:/a/com.google.OPA", false),
        ("https://oauth-redirect.googleusercontent.com/a/com%2Egoogle.OPA", false),
        ("https://oauth-redirect.googleusercontent.com/a/com.google.OPA?x=1", false),
        ("https://oauth-redirect.googleusercontent.com\\@evil.example/a/x", false),
    ])
    func googleAppFlipURIPattern(uri: String, expected: Bool) async {
        #expect(AppFlipRedirect.isGoogleAppFlipRedirect(uri) == expected)
    }

    @Test func anEmptyPortGetsNoRedirectTo() async throws {
        let f = try Fixture()
        let response = await appFlip(f, token: nil, redirectURI: "https://oauth-redirect.googleusercontent.com:/a/com.google.OPA")
        #expect(response.error == "invalid_request")
        #expect(response.string("redirect_to") == nil)
    }

    @Test func twelveRegisteredURIs() async {
        #expect(GoogleRedirectURIs.appFlip.count == 12)
        #expect(GoogleRedirectURIs.appFlip.allSatisfy(AppFlipRedirect.isGoogleAppFlipRedirect))
    }
}
