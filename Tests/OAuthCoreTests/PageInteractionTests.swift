import Foundation
import OAuthCore
import Support
import Testing

/// docs/pages.md in the protocol core: which consent a client gets, the requested page language kept
/// with the request, honest throttling, and the same request shown again for the language switch.
@Suite struct PageInteractionTests {
    @Test func googleClientsAreRecognisedByRedirectURIsOrAppFlip() {
        let now = Date()
        let web = Client(id: "g", name: "G", secretHash: nil, redirectURIs: [Fixture.googleRedirect], createdAt: now)
        let sandbox = Client(id: "s", name: "S", secretHash: nil,
                             redirectURIs: ["https://oauth-redirect-sandbox.googleusercontent.com/r/p"], createdAt: now)
        let flip = Client(id: "f", name: "F", secretHash: nil, redirectURIs: [], appFlip: true, createdAt: now)
        let other = Client(id: "o", name: "O", secretHash: nil,
                           redirectURIs: ["https://rp.example/cb", "http://oauth-redirect.googleusercontent.com/r/p",
                                          "https://oauth-redirect.googleusercontent.com.evil.example/r/p"], createdAt: now)
        #expect(web.isRegisteredForGoogle && sandbox.isRegisteredForGoogle && flip.isRegisteredForGoogle)
        #expect(!other.isRegisteredForGoogle)
    }

    @Test func consentSaysWhetherTheClientIsGoogle() throws {
        let f = try Fixture()
        let google = try #require(f.login(try login(f, Fixture.googleAuthorize())).consentPage)
        #expect(google.clientIsGoogle && google.clientName == "Google")
        let rotating = Fixture.form([("response_type", "code"), ("client_id", "rotating"),
                                     ("redirect_uri", "https://rotating.example/cb"), ("scope", "devices")])
        let other = try #require(f.login(try login(f, rotating)).consentPage)
        #expect(!other.clientIsGoogle && other.clientName == "Rotating")
        #expect(other.consentStatement == nil)
    }

    @Test func uiLocalesWinOverUserLocaleAndAreKept() throws {
        let f = try Fixture()
        let both = try login(f, Fixture.googleAuthorize(extra: [("ui_locales", "fa ja"), ("user_locale", "de-DE")]))
        #expect(both.locale == "fa ja")
        let google = try login(f, Fixture.googleAuthorize(extra: [("user_locale", "pt-BR")]))
        #expect(google.locale == "pt-BR")
        #expect(f.login(google, password: "wrong").loginPage?.locale == "pt-BR")
        var doubled = Fixture.googleAuthorize(extra: [("ui_locales", "fa")])
        doubled.append("ui_locales", "ja")
        #expect(f.flow.handle(.authorizeRequest(doubled, sessionID: nil)).redirectURL?.contains("invalid_request") == true)
    }

    @Test func throttledLoginSaysHowLongToWait() throws {
        let f = try Fixture(throttle: LoginThrottle(freeFailures: 2, baseDelay: 120, maximumDelay: 3600))
        let page = try login(f, Fixture.googleAuthorize())
        #expect(f.login(page, password: "wrong").loginPage?.retryAfter == nil)
        let blocked = try #require(f.login(page, password: "wrong").loginPage)
        #expect(blocked.retryAfter == 120)
        f.clock.advance(by: 60)
        #expect(f.login(page).loginPage?.retryAfter == 60, "the right password waits too")
        f.clock.advance(by: 61)
        #expect(f.login(page).consentPage != nil)
    }

    @Test func resumeShowsTheSamePendingRequestAgain() throws {
        let f = try Fixture()
        let page = try login(f, Fixture.googleAuthorize())
        #expect(f.flow.handle(.resume(interactionID: page.interactionID, sessionID: nil)).loginPage?.interactionID
            == page.interactionID)
        let actions = f.login(page)
        guard case .setSession(let cookie) = actions.first else { Issue.record("no session"); return }
        let consent = f.flow.handle(.resume(interactionID: page.interactionID, sessionID: cookie.value)).consentPage
        #expect(consent?.interactionID == page.interactionID)
        #expect(f.flow.handle(.resume(interactionID: page.interactionID, sessionID: "als_other")).loginPage != nil,
                "another browser's session never sees this consent")
        #expect(f.flow.handle(.resume(interactionID: "nope", sessionID: nil)).errorPage?.error == "invalid_request")
    }

    private func login(_ f: Fixture, _ parameters: FormParameters) throws -> LoginPage {
        try #require(f.flow.handle(.authorizeRequest(parameters, sessionID: nil)).loginPage)
    }
}
