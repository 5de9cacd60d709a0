import Foundation
import OAuthCore
import StoreMemory
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
        #expect(f.login(page).errorPage?.reason == .formExpired)
    }

    @Test func expiredInteractionIsAnErrorPage() async throws {
        let f = try Fixture()
        let page = try loginPage(f)
        f.clock.advance(by: 1801)
        #expect(f.login(page).errorPage != nil)
        #expect(f.login(page).errorPage?.reason == .requestExpired)
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

    @Test func throttleWindowGrowsExponentially() async throws {
        let clock = ManualClock()
        let store = MemoryStorage()
        let throttle = LoginThrottle(freeFailures: 2, baseDelay: 10, maximumDelay: 1000)
        let keys = [LoginThrottle.accountKey("a@example.com")]
        let t0 = clock.now()
        #expect(try throttle.take(keys, at: t0, in: store))
        #expect(try throttle.take(keys, at: t0, in: store))
        #expect(try !throttle.take(keys, at: t0.addingTimeInterval(9), in: store))
        #expect(try throttle.take(keys, at: t0.addingTimeInterval(10), in: store))
        #expect(try !throttle.take(keys, at: t0.addingTimeInterval(29), in: store))
        #expect(try throttle.take(keys, at: t0.addingTimeInterval(30), in: store))
    }

    /// docs/hardening.md, Sign-in: guesses arriving in parallel get exactly the free budget, not one more: the
    /// check and the count are one atomic step (`LoginAttemptStore.takeLoginAttempt`).
    @Test func parallelGuessesGetNoMoreThanTheBudget() async throws {
        let f = try Fixture(throttle: LoginThrottle(freeFailures: 3, baseDelay: 600, maximumDelay: 3600))
        let page = try loginPage(f)
        f.verifier.delay.withLock { $0 = 0.05 }  // each guess is in flight a while, as with Argon2id
        let done = DispatchGroup()
        for index in 0..<12 {
            done.enter()
            Thread.detachNewThread {
                _ = f.login(page, password: "wrong", address: "198.51.100.\(index)")
                done.leave()
            }
        }
        done.wait()
        f.verifier.delay.withLock { $0 = 0 }
        #expect(f.verifier.calls.withLock { $0 } == 3)
        #expect(f.login(page).consentPage == nil, "even the right password waits out the window")
    }

    /// A success gives the address its attempt back and clears the account's count.
    @Test func successDoesNotUseUpTheAddressBudget() async throws {
        let f = try Fixture(throttle: LoginThrottle(freeFailures: 2))
        for _ in 0..<5 {
            let page = try loginPage(f)
            #expect(f.login(page, address: "203.0.113.7").consentPage != nil)
        }
        #expect(try f.memory.loginAttempts(key: LoginThrottle.accountKey("alice@example.com")) == nil)
        #expect(try f.memory.loginAttempts(key: LoginThrottle.addressKey("203.0.113.7"))?.failures == 0)
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
