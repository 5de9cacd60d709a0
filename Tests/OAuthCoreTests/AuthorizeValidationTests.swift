import Foundation
import OAuthCore
import Support
import Testing

/// RFC 6749 §4.1.2.1: before client and redirect URI are known, errors are a page; after, redirects.
@Suite struct AuthorizeValidationTests {
    private func authorize(_ pairs: [(String, String)]) throws -> [InteractionAction] {
        try Fixture().flow.handle(.authorizeRequest(Fixture.form(pairs), sessionID: nil))
    }

    private let base = [("response_type", "code"), ("client_id", "google"), ("state", "s")]

    @Test func unregisteredRedirectURIShowsErrorPageAndRedirectsNothing() async throws {
        let actions = try authorize(base + [("redirect_uri", "https://evil.example/cb")])
        #expect(actions.errorPage?.error == "invalid_request")
        #expect(actions.errorPage?.reason == .unknownRedirectURI)  // the page's words come from this, not the English
        #expect(!actions.hasRedirect)
    }

    @Test func alteredRedirectURIShowsErrorPage() async throws {
        let actions = try authorize(base + [("redirect_uri", Fixture.googleRedirect + "/extra")])
        #expect(actions.errorPage != nil)
        #expect(!actions.hasRedirect)
    }

    @Test func unknownClientShowsErrorPage() async throws {
        let actions = try authorize([
            ("response_type", "code"), ("client_id", "nobody"),
            ("redirect_uri", Fixture.googleRedirect),
        ])
        #expect(actions.errorPage?.error == "invalid_request")
        #expect(actions.errorPage?.reason == .unknownClient)
        #expect(!actions.hasRedirect)
    }

    @Test func duplicatedRedirectURIShowsErrorPage() async throws {
        let actions = try authorize(
            base + [("redirect_uri", Fixture.googleRedirect), ("redirect_uri", Fixture.googleRedirect)])
        #expect(actions.errorPage != nil)
        #expect(actions.errorPage?.reason == nil)  // a malformed request: the general message
        #expect(!actions.hasRedirect)
    }

    @Test func missingRedirectURIWithSeveralRegisteredShowsErrorPage() async throws {
        let actions = try authorize(base)
        #expect(actions.errorPage != nil)
    }

    @Test func singleRegisteredRedirectURIIsUsedWhenOmitted() async throws {
        let actions = try authorize([("response_type", "code"), ("client_id", "rotating"), ("state", "s")])
        #expect(actions.loginPage != nil)
    }

    @Test(arguments: [
        ("response_type", "token", "unsupported_response_type"),
        ("scope", "phone admin", "invalid_scope"),  // nothing the server knows is left
        ("code_challenge_method", "S256", "invalid_request"),
    ])
    func laterErrorsRedirectWithState(name: String, value: String, expected: String) async throws {
        var pairs = base.filter { $0.0 != name } + [("redirect_uri", Fixture.googleRedirect)]
        pairs.append((name, value))
        let url = try #require(try authorize(pairs).redirectURL)
        let items = queryItems(url)
        #expect(items["error"] == expected)
        #expect(items["state"] == "s")
    }

    @Test func duplicatedScopeRedirectsInvalidRequest() async throws {
        let url = try #require(
            try authorize(
                base + [
                    ("redirect_uri", Fixture.googleRedirect), ("scope", "devices"),
                    ("scope", "email"),
                ]
            ).redirectURL)
        #expect(queryItems(url)["error"] == "invalid_request")
    }

    @Test func publicClientWithoutPKCEIsRedirectedWithError() async throws {
        let url = try #require(
            try authorize([("response_type", "code"), ("client_id", "public"), ("state", "p")]).redirectURL)
        #expect(url.hasPrefix(Fixture.publicRedirect))
        #expect(queryItems(url)["error"] == "invalid_request")
    }

    @Test func plainPKCEIsRefused() async throws {
        let url = try #require(
            try authorize([
                ("response_type", "code"), ("client_id", "public"),
                ("code_challenge", String(repeating: "a", count: 43)),
                ("code_challenge_method", "plain"),
            ]).redirectURL)
        #expect(queryItems(url)["error"] == "invalid_request")
    }

    @Test func nothingIsStoredWhenACheckFails() async throws {
        let f = try Fixture()
        _ = f.flow.handle(
            .authorizeRequest(
                Fixture.form(
                    base + [
                        ("redirect_uri", Fixture.googleRedirect),
                        ("response_type", "token"),
                    ]), sessionID: nil))
        #expect(try f.memory.purgeExpired(before: .distantFuture) == 0)
    }
}
