import Foundation
import OAuthCore
import Support
import Testing

/// The one "after sign-in" step (`AfterSignIn`): a pending authorization continues with the account,
/// otherwise the browser gets a new session.
@Suite struct AfterSignInTests {
    @Test func aPendingAuthorizationContinuesToConsent() throws {
        let f = try Fixture()
        let login = try #require(f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        let next = try AfterSignIn(environment: f.environment).next(accountID: f.aliceID, interaction: login.interactionID)
        guard case .authorization(let actions) = next else { Issue.record("expected the authorization to continue"); return }
        #expect(actions.consentPage != nil)
    }

    @Test func withoutOneTheBrowserGetsASessionOfTheAccount() throws {
        let f = try Fixture()
        for interaction in [nil, ""] as [String?] {
            let next = try AfterSignIn(environment: f.environment).next(accountID: f.aliceID, interaction: interaction)
            guard case .session(let cookie) = next else { Issue.record("expected a session"); return }
            let (_, account) = try #require(try WebSessions(environment: f.environment).session(cookie: cookie.value))
            #expect(account.id == f.aliceID)
        }
    }

    @Test func anUnknownInteractionIsNotASession() throws {
        let f = try Fixture()
        let next = try AfterSignIn(environment: f.environment).next(accountID: f.aliceID, interaction: "gone")
        guard case .authorization(let actions) = next else { Issue.record("expected the authorization's answer"); return }
        #expect(actions.errorPage != nil)
    }
}
