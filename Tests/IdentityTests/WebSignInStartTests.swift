import Foundation
import Identity
import JOSE
import OAuthCore
import StoreMemory
import Support
import Testing

/// Where web sign-in sends the browser (Identity/WebSignIn/WebSignInStart.swift): Apple's `form_post`
/// request with the hashed nonce, Google's code flow with PKCE S256 over the state's own verifier.
@Suite struct WebSignInStartTests {
    static func started(_ provider: String, codeVerifier: String? = nil) throws -> WebSignInStates.Started {
        try WebSignInStates(storage: MemoryStorage(), clock: ManualClock(), random: SeededRandom(seed: 3))
            .begin(provider: provider, interaction: nil, addToAccount: nil, codeVerifier: codeVerifier, binding: nil)
    }

    static func query(_ url: String) throws -> [String: String] {
        let items = try #require(URLComponents(string: url)?.queryItems)
        return Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
    }

    @Test func appleIsAskedToPostTheCodeAndTokenBack() throws {
        let started = try Self.started("apple")
        let url = WebSignInStart.apple(baseURL: try #require(URL(string: "https://appleid.apple.com")),
                                       servicesID: "com.maker.web", redirectURI: "https://auth.example/login/apple/callback",
                                       started: started)
        #expect(url.hasPrefix("https://appleid.apple.com/auth/authorize?"))
        let query = try Self.query(url)
        #expect(query["response_type"] == "code id_token" && query["response_mode"] == "form_post")
        #expect(query["client_id"] == "com.maker.web" && query["scope"] == "name email")
        #expect(query["state"] == started.state)
        #expect(query["nonce"] == Hex.encode(SHA256.hash(started.record.rawNonce)), "Apple sees only the nonce's hash")
    }

    @Test func googleGetsTheCodeFlowWithPKCE() throws {
        let verifier = WebSignInStart.codeVerifier(SeededRandom(seed: 4))
        #expect((43...128).contains(verifier.utf8.count), "RFC 7636 §4.1")
        let started = try Self.started("google", codeVerifier: verifier)
        let url = WebSignInStart.google(authorizationURL: try #require(URL(string: "https://accounts.google.com/o/oauth2/v2/auth")),
                                        clientID: "web.apps.googleusercontent.com",
                                        redirectURI: "https://auth.example/login/google/callback", started: started,
                                        codeVerifier: verifier)
        let query = try Self.query(url)
        #expect(query["response_type"] == "code" && query["scope"] == "openid email profile")
        #expect(query["code_challenge"] == PKCE.challenge(verifier: verifier) && query["code_challenge_method"] == "S256")
        #expect(query["nonce"] == started.record.rawNonce && query["state"] == started.state)
    }
}
