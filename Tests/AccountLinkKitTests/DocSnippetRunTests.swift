import AccountLinkKit
import AppFlipKit
import Foundation
import Testing

extension AgainstTheServer {
    /// The guides' code (DocSnippets/) run against the real server, as an app and a fulfillment would.
    @Suite(.timeLimit(.minutes(5))) struct DocSnippetRunTests {
        @Test func appleGuideSignsInRemembersTheNameAndLinksWithThePassword() async throws {
            let memory = AppleSignInMemory(store: MemorySecureValueStore())
            try await withServer { server in
                let first = AppleNonce()
                let named = try server.appleCredential(sub: "apple.doc", email: "doc@privaterelay.appleid.com",
                                                       isPrivate: true, nonce: first, givenName: "Pat")
                let offline = AccountLink(configuration: .init(server: URL(string: "http://127.0.0.1:9")!,
                                                               clientID: KitServer.appClientID))
                #expect(await completeSignIn(.apple(named), nonce: first, accountLink: offline, memory: memory) == .tryAgainLater)
                // Apple does not send the name again; the memory fills it in.
                let second = AppleNonce()
                var unnamed = try server.appleCredential(sub: "apple.doc", email: "doc@privaterelay.appleid.com",
                                                         isPrivate: true, nonce: second)
                unnamed.givenName = nil
                #expect(try memory.withPendingName(unnamed).givenName == "Pat")
                #expect(try memory.appleUser() == "apple.doc", "kept for the launch check")
                let kit = server.kit()
                #expect(await completeSignIn(.apple(unnamed), nonce: second, accountLink: kit, memory: memory) == .home)
                #expect(try memory.withPendingName(unnamed).givenName == nil, "the server has the name")
                #expect(try await kit.account().name == "Pat Doe")  // the name Apple sent once reached the account

                try server.addPasswordAccount("owner@example.com")
                let third = AppleNonce()
                let clash = try server.appleCredential(sub: "apple.owner", email: "owner@example.com", nonce: third)
                guard case .askPassword(let link) = await completeSignIn(.apple(clash), nonce: third, accountLink: kit,
                                                                         memory: memory)
                else { Issue.record("expected link_required"); return }
                #expect(await provePassword(link, email: "owner@example.com", password: KitServer.password, accountLink: kit,
                                     memory: memory) == .home)
            }
        }

        @Test func appleGuideDeletesTheAccount() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("leaving@example.com")
                try await deleteAccount(accountLink: kit)
                #expect(kit.isSignedIn() == false)
                let gone = await #expect(throws: AccountLinkError.self) {
                    try await kit.signIn(email: "leaving@example.com", password: KitServer.password)
                }
                #expect(gone?.code == "invalid_grant")
            }
        }

        @Test func googleGuideSignsInWithANonce() async throws {
            try await withServer { server in
                let token = try server.googleToken(sub: "g-doc", email: "gdoc@example.com", nonce: "nonce-1")
                let outcome = try await completeGoogleSignIn(idToken: token, nonce: "nonce-1", accountLink: server.kit())
                #expect(outcome.signedIn?.accountCreated == true)
            }
        }

        @Test func appFlipGuideAnswersGoogleAndTheFulfillmentGuideChecksGooglesToken() async throws {
            try await withServer { server in
                let accountID = try server.addPasswordAccount("home@example.com")
                let kit = server.kit()
                try await kit.signIn(email: "home@example.com", password: KitServer.password)
                guard case .consent(let request) = startAppFlip(try universalLink(clientID: googleClientID)) else {
                    Issue.record("the link was refused"); return
                }
                let back = try #require(await finishAppFlip(request, agreed: true, accountLink: kit))
                let code = try #require(try AppFlipResponse(returnURL: back).code)
                let google = (KitServer.googleClientID, server.googleSecret)
                let tokens = try JSONDecoder().decode(GoogleTokens.self, from: try await post(
                    server.base.appendingPathComponent("token"),
                    ["grant_type": "authorization_code", "code": code, "redirect_uri": request.redirectURI], client: google))
                let fulfillment = (KitServer.fulfillmentID, server.fulfillmentSecret)
                #expect(try await agentUserID(bearer: tokens.access_token, accountLink: server.base,
                                              resourceServer: fulfillment) == accountID)
                #expect(try await agentUserID(bearer: try await kit.accessToken(), accountLink: server.base,
                                              resourceServer: fulfillment) == nil)  // the app's token is not Google's
                try await disconnect(bearer: tokens.access_token, accountLink: server.base, google: google)
                #expect(try await agentUserID(bearer: tokens.access_token, accountLink: server.base,
                                              resourceServer: fulfillment) == nil)
            }
        }

        @Test func appFlipGuideAnswersOnlyGooglesRedirect() throws {
            guard case .answer(let url) = startAppFlip(try universalLink(clientID: "someone-else")) else {
                Issue.record("a wrong client_id must be answered with invalid_request"); return
            }
            #expect(url.absoluteString == GoogleRedirectURIs.appFlip[0] + "?error=invalid_request")
            let foreign = try universalLink(clientID: "someone-else", redirect: "https://evil.example/a/com.google.OPA")
            guard case .ignore = startAppFlip(foreign) else { Issue.record("a foreign redirect must be ignored"); return }
        }
    }
}

private struct GoogleTokens: Decodable {
    let access_token: String
}

extension AppFlipResponse {
    fileprivate var code: String? {
        if case .success(let code, _) = self { return code }
        return nil
    }
}

@Suite struct DocSnippetConfigurationTests {
    @Test func theAppleGuidesConfigurationKeepsTokensInAFileOnLinux() throws {
        let accountLink = makeAccountLink()
        #expect(accountLink.configuration.clientID == "ios-app")
        #expect(accountLink.configuration.server.absoluteString == "https://accounts.example.com")
        #if canImport(Security)
        #expect(tokenStore() is KeychainTokenStore)
        #else
        let store = try #require(tokenStore() as? FileTokenStore)
        #expect(store.url.path.hasSuffix("/.accountlink/tokens.json"))
        #endif
    }
}
