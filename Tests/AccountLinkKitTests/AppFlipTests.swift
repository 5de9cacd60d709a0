import AccountLinkKit
import AppFlipKit
import Foundation
import Testing

extension AgainstTheServer {
    /// App Flip through the kit (docs/app-flip-ios.md): refresh first, then `/app-flip/authorize`;
    /// `cancelled` only when no sign-in can be had.
    @Suite(.timeLimit(.minutes(5))) struct KitAppFlipTests {
        @Test func anExpiredTokenIsRefreshedFirstAndTheCodeRedeemsAtTheTokenEndpoint() async throws {
            try await withServer { server in
                let store = MemoryTokenStore()
                let transport = CountingTransport()
                let kit = try await server.signedIn("flip@example.com", store: store, transport: transport)
                try store.expire(at: Date().addingTimeInterval(-1))
                let request = try googleLink(state: "s-42")
                guard case .success(let code, let state) = await kit.appFlip(request) else {
                    Issue.record("no code"); return
                }
                #expect(state == "s-42")
                #expect(transport.count("/token grant_type=refresh_token") == 1)
                let url = try #require(await kit.appFlipReturnURL(request, decision: .deny))
                #expect(url.absoluteString.hasPrefix(GoogleRedirectURIs.appFlip[0] + "?error=access_denied"))
                let tokens = try await post(server.base.appendingPathComponent("token"), [
                    "grant_type": "authorization_code", "code": code, "redirect_uri": request.redirectURI,
                ], client: (KitServer.googleClientID, server.googleSecret))
                #expect(try JSONSerialization.jsonObject(with: tokens) is [String: Any])
            }
        }

        @Test func aRevokedAccessTokenIsRefreshedOnceMore() async throws {
            try await withServer { server in
                let store = MemoryTokenStore()
                let kit = try await server.signedIn("revoked@example.com", store: store)
                // RFC 7009: the app's access token is revoked at the server while it is still stored.
                let revoked = try #require(store.load()).accessToken
                let body = Data("token=\(revoked)&client_id=\(KitServer.appClientID)".utf8)
                let answer = try await URLSessionTransport().send(TransportRequest(
                    method: "POST", url: server.base.appendingPathComponent("revoke"),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body))
                #expect(answer.status == 200)
                guard case .success = await kit.appFlip(try googleLink()) else { Issue.record("no code"); return }
                #expect(try #require(store.load()).accessToken != revoked)
            }
        }

        @Test func cancelledOnlyWhenNoSignInCanBeHad() async throws {
            try await withServer { server in
                let signedOut = server.kit()
                let link = try googleLink()
                #expect(await signedOut.appFlip(link) == .failure(.cancelled, state: "state-1"))
                #expect(await signedOut.appFlip(link, decision: .deny) == .failure(.accessDenied, state: "state-1"))
                let refused = server.kit(store: MemoryTokenStore(TokenSet(
                    accessToken: "x", refreshToken: "refused", expiresAt: Date().addingTimeInterval(-1))))
                #expect(await refused.appFlip(link) == .failure(.cancelled, state: "state-1"))
            }
        }

        @Test func theServersOtherAnswersArePassedOn() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("other@example.com")
                guard case .failure(.invalidRequest, _, _) = await kit.appFlip(try googleLink(clientID: "unknown-client"))
                else { Issue.record("an unknown client must stay invalid_request"); return }
                guard case .failure(.accessDenied, _, "state-1") = await kit.appFlip(try googleLink(), decision: .deny)
                else { Issue.record("deny must be access_denied"); return }
            }
        }

        /// Google's sample sends no `scope` when none is configured: the kit forwards an empty one and the
        /// server answers with a code.
        @Test func aLinkWithoutScopeIsLinked() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("noscope@example.com")
                let query = AppFlipQuery.encode([("client_id", KitServer.googleClientID), ("state", "s0"),
                                                 ("redirect_uri", GoogleRedirectURIs.appFlip[0])])
                let request = try AppFlipRequest(url: try #require(URL(string: "https://a.example/app-flip?" + query)),
                                                 expectedClientID: KitServer.googleClientID)
                #expect(request.scope == "")
                guard case .success(_, "s0") = await kit.appFlip(request) else { Issue.record("refused"); return }
            }
        }

        /// A redirect would carry the Bearer token elsewhere: the default transport hands it back instead.
        @Test func theTransportDoesNotFollowRedirects() async throws {
            try await withServer { server in
                let link = try universalLink(clientID: KitServer.googleClientID)
                let inBrowser = try #require(URL(string: server.base.absoluteString + "/app-flip?" + (link.query ?? "")))
                let response = try await URLSessionTransport().send(TransportRequest(method: "GET", url: inBrowser))
                #expect(response.status == 302)
            }
        }

        @Test func theAssociationFileOffersSavedPasswords() async throws {
            try await withServer { server in
                let response = try await URLSessionTransport().send(
                    TransportRequest(method: "GET", url: server.base.appendingPathComponent(".well-known/apple-app-site-association")))
                let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
                let web = try #require(json["webcredentials"] as? [String: Any])
                #expect(web["apps"] as? [String] == [KitServer.appleAppID])
                #expect((json["applinks"] as? [String: Any])?["details"] != nil)
            }
        }
    }
}
