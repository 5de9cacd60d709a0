import Foundation
import OAuthCore
import Support
import Testing

/// Login errors say nothing about which part was wrong; repeated failures are slowed down.
@Suite struct LoginTests {
    private func loginPage(_ f: Fixture) throws -> LoginPage {
        try #require(f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
    }

    @Test func unknownEmailAndWrongPasswordLookIdentical() async throws {
        let f = try Fixture()
        let page = try loginPage(f)
        let unknown = try #require(f.login(page, email: "nobody@example.com", password: "x").loginPage)
        let wrong = try #require(
            f.login(page, email: "nobody@example.com", password: Fixture.password).loginPage)
        let wrongPassword = try #require(f.login(page, password: "wrong").loginPage)
        #expect(unknown.errorMessage == AuthorizationFlow.loginFailedMessage)
        #expect(wrongPassword.errorMessage == unknown.errorMessage)
        #expect(wrong.errorMessage == unknown.errorMessage)
        // The unknown email was verified against a dummy hash too (equal work).
        #expect(f.verifier.calls.withLock { $0 } == 3)
    }

    @Test func loginWithWrongCSRFIsRefused() async throws {
        let f = try Fixture()
        var page = try loginPage(f)
        page.csrfToken = "forged"
        #expect(f.login(page).errorPage?.error == "invalid_request")
    }

    @Test func expiredInteractionIsAnErrorPage() async throws {
        let f = try Fixture()
        let page = try loginPage(f)
        f.clock.advance(by: 1801)
        #expect(f.login(page).errorPage != nil)
    }

    @Test func throttleRefusesEvenTheRightPasswordAfterRepeatedFailures() async throws {
        let f = try Fixture(throttle: LoginThrottle(freeFailures: 3, baseDelay: 30, maximumDelay: 3600))
        let page = try loginPage(f)
        for _ in 0..<3 { _ = f.login(page, password: "wrong") }
        let blocked = try #require(f.login(page).loginPage)
        #expect(blocked.errorMessage == AuthorizationFlow.loginFailedMessage)
        f.clock.advance(by: 31)
        #expect(f.login(page).consentPage != nil)
    }

    @Test func throttleWindowGrowsExponentially() async {
        let clock = ManualClock()
        let throttle = LoginThrottle(freeFailures: 2, baseDelay: 10, maximumDelay: 1000)
        let keys = [LoginThrottle.accountKey("a@example.com")]
        throttle.recordFailure(keys, at: clock.now())
        #expect(throttle.allows(keys, at: clock.now()))
        throttle.recordFailure(keys, at: clock.now())
        #expect(!throttle.allows(keys, at: clock.now().addingTimeInterval(9)))
        #expect(throttle.allows(keys, at: clock.now().addingTimeInterval(10)))
        throttle.recordFailure(keys, at: clock.now())
        #expect(!throttle.allows(keys, at: clock.now().addingTimeInterval(19)))
        #expect(throttle.allows(keys, at: clock.now().addingTimeInterval(20)))
    }

    @Test func throttleAppliesPerClientAddressAcrossAccounts() async throws {
        let f = try Fixture(throttle: LoginThrottle(freeFailures: 2))
        let page = try loginPage(f)
        _ = f.login(page, email: "x@example.com", password: "wrong", address: "203.0.113.9")
        _ = f.login(page, email: "y@example.com", password: "wrong", address: "203.0.113.9")
        #expect(f.login(page, address: "203.0.113.9").loginPage?.errorMessage != nil)
        #expect(f.login(page, address: "198.51.100.1").consentPage != nil)
    }

    @Test func passwordGrantIsForFirstPartyClientsOnly() async throws {
        let f = try Fixture()
        let response = await f.googleToken([
            ("grant_type", "password"), ("username", "alice@example.com"),
            ("password", Fixture.password),
        ])
        #expect(response.error == "unauthorized_client")
    }

    @Test func passwordGrantWithWrongPasswordIsInvalidGrant() async throws {
        let f = try Fixture()
        let response = await f.token([
            ("grant_type", "password"), ("client_id", "app"), ("username", "alice@example.com"),
            ("password", "wrong"),
        ])
        #expect(response.error == "invalid_grant")
    }
}
