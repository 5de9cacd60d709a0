import Foundation
import JOSE
import OAuthCore
import Support
import Testing

/// One owner per rule (docs/architecture.md): every entry point that applies "a registered client and
/// redirect URI" (`RegisteredRedirect`) or "no parameter twice" (`RepeatedParameters`) refuses the same
/// request the same way. A second copy that refuses differently (App Flip once let a resource server
/// through while `/authorize` refused it) makes a row disagree.
@Suite struct OneOwnerTests {
    /// What an entry point made of a request: accepted, or refused with this description and page reason
    /// (nil reason where the entry point has no error page).
    enum Verdict: Equatable {
        case accepted
        case refused(String?, OAuthError.PageReason?)
    }

    static let resourceServer = "fulfillment"

    private func fixture() throws -> Fixture {
        let f = try Fixture()
        try f.memory.insertClient(
            Client(id: Self.resourceServer, name: "Fulfillment", secretHash: ClientSecret.hash(Fixture.otherSecret),
                   redirectURIs: [Fixture.appFlipRedirect], createdAt: f.clock.now(), resourceServer: true))
        return f
    }

    private func authorize(_ f: Fixture, _ pairs: [(String, String)]) throws -> Verdict {
        let actions = try f.flow.handle(.authorizeRequest(Fixture.form([("response_type", "code")] + pairs), sessionID: nil))
        guard let page = actions.errorPage else { return .accepted }
        return .refused(page.description, page.reason)
    }

    private func appFlip(_ f: Fixture, _ pairs: [(String, String)]) async throws -> Verdict {
        let token = try await f.appAccessToken()
        let response = await AppFlipEndpoint(environment: f.environment)
            .handle(AppFlipRequest(parameters: Fixture.form(pairs + [("scope", "devices")]), authorization: "Bearer " + token))
        return response.status == 200 ? .accepted : .refused(response.string("error_description"), nil)
    }

    private func browserFallback(_ f: Fixture, _ pairs: [(String, String)]) -> Verdict {
        let storage = f.environment.storage
        let fallback = AppFlipBrowserFallback(authorizationEndpoint: "https://auth.example.com/authorize",
                                              lookUpClient: { try storage.client(id: $0) })
        switch fallback.decide(Fixture.form(pairs)) {
        case .authorize: return .accepted
        case .refuse(let reason): return .refused(nil, reason)
        case .unavailable: return .refused("unavailable", nil)
        }
    }

    /// The end-session endpoint's `post_logout_redirect_uri`, with a hint whose audience is the client.
    private func endSession(_ f: Fixture, _ pairs: [(String, String)]) -> Verdict {
        let storage = f.environment.storage
        let query = Fixture.form(pairs.map { $0.0 == "redirect_uri" ? ("post_logout_redirect_uri", $0.1) : $0 })
        let audience = query["client_id"] ?? ""
        let rule = EndSession(verifyHint: { _ in JWTClaims(["aud": .string(audience)]) },
                              lookUpClient: { try storage.client(id: $0) })
        switch rule.decide(FormParameters(query.pairs + [("id_token_hint", "h")]), current: nil) {
        case .redirect, .end, .ask: return .accepted
        case .refuse(let error): return .refused(error.description, error.pageReason)
        }
    }

    static let cases: [(String, [(String, String)], Verdict)] = [
        ("registered", [("client_id", "google"), ("redirect_uri", Fixture.appFlipRedirect)], .accepted),
        ("unknown client", [("client_id", "nobody"), ("redirect_uri", Fixture.appFlipRedirect)],
         .refused("unknown client_id", .unknownClient)),
        ("resource server", [("client_id", resourceServer), ("redirect_uri", Fixture.appFlipRedirect)],
         .refused("this client is a resource server", .unknownClient)),
        ("unregistered URI", [("client_id", "google"), ("redirect_uri", "https://evil.example/a/x")],
         .refused("redirect_uri is not registered for this client", .unknownRedirectURI)),
    ]

    @Test(arguments: 0..<cases.count)
    func registeredRedirectRefusesAlikeEverywhere(index: Int) async throws {
        let (name, pairs, expected) = Self.cases[index]
        let f = try fixture()
        let described = { (verdict: Verdict) -> Verdict in
            guard case .refused(let text, _) = verdict else { return verdict }
            return .refused(text, nil)
        }
        let reasonOnly = { (verdict: Verdict) -> Verdict in
            guard case .refused(_, let reason) = verdict else { return verdict }
            return .refused(nil, reason)
        }
        #expect(try authorize(f, pairs + [("state", "s")]) == expected, "\(name): /authorize")
        #expect(endSession(f, pairs) == expected, "\(name): end session")
        #expect(try await appFlip(f, pairs) == described(expected), "\(name): App Flip")
        #expect(browserFallback(f, pairs) == reasonOnly(expected), "\(name): App Flip link in a browser")
    }

    /// RFC 6749 §3.1, §3.2: the same doubled parameter gets the same refusal from every endpoint.
    @Test func doubledParameterRefusedAlikeEverywhere() async throws {
        let f = try fixture()
        let doubled = [("client_id", "google"), ("client_id", "google"), ("redirect_uri", Fixture.appFlipRedirect)]
        let expected = "client_id was sent more than once"
        #expect(try authorize(f, doubled) == .refused(expected, nil))
        #expect(try await appFlip(f, doubled) == .refused(expected, nil))
        #expect(browserFallback(f, doubled) == .refused(nil, nil))
        let body = Fixture.form(doubled + [("client_secret", Fixture.googleSecret), ("token", "t"),
                                            ("grant_type", "refresh_token"), ("refresh_token", "r")])
        let request = TokenRequest(parameters: body, authorization: nil)
        for response in [await f.tokenEndpoint.handle(request),
                         await IntrospectionEndpoint(environment: f.environment).handle(request),
                         await RevocationEndpoint(environment: f.environment).handle(request)] {
            #expect(response.error == "invalid_request")
            #expect(response.string("error_description") == expected)
        }
        // RFC 6750 §2.2: UserInfo's form body, its one parameter doubled.
        let userInfo = await UserInfoEndpoint(environment: f.environment)
            .handle(authorization: nil, form: Fixture.form([("access_token", "a"), ("access_token", "b")]))
        #expect(userInfo.error == "invalid_request")
        #expect(userInfo.string("error_description") == "access_token was sent more than once")
    }

    /// RFC 6749 §3.3: a known scope the client may not have gets the same refusal from `/authorize`, App
    /// Flip (in App Flip's vocabulary) and the first-party password grant (`ScopeRules`).
    @Test func scopeRefusedAlikeEverywhere() async throws {
        let f = try fixture()
        try f.memory.insertClient(
            Client(id: "narrow", name: "Narrow", secretHash: ClientSecret.hash(Fixture.otherSecret),
                   redirectURIs: [Fixture.googleRedirect, Fixture.appFlipRedirect], scopes: ["devices"],
                   createdAt: f.clock.now()))
        let asked = [("client_id", "narrow"), ("redirect_uri", Fixture.googleRedirect), ("state", "s"), ("scope", "profile")]
        let actions = try f.flow.handle(.authorizeRequest(Fixture.form([("response_type", "code")] + asked), sessionID: nil))
        let redirect = queryItems(try #require(actions.redirectURL))
        let expected = "scope profile is not available to this client"
        #expect(redirect["error"] == "invalid_scope")
        #expect(redirect["error_description"] == expected)
        let token = try await f.appAccessToken()
        let flip = await AppFlipEndpoint(environment: f.environment).handle(AppFlipRequest(
            parameters: Fixture.form([("client_id", "narrow"), ("redirect_uri", Fixture.appFlipRedirect), ("scope", "profile")]),
            authorization: "Bearer " + token))
        #expect(flip.error == "invalid_request")
        #expect(flip.string("error_description") == expected)
    }
}
