import Foundation
import OAuthCore
import Support
import Testing

/// Security events are logged where they happen, as `security event` records with an `event` kind
/// (the server counts them for /metrics), and never carry the secret involved (docs/operations.md).
@Suite struct SecurityEventTests {
    private func events(_ f: Fixture) -> [String] {
        f.logSink.records.filter { $0.message == SecurityEvent.message }.compactMap { $0.fields["event"] }
    }

    private func allLogText(_ f: Fixture) -> String { f.logSink.records.map(\.jsonLine).joined(separator: "\n") }

    @Test func failedLoginInsideAuthorizeIsASecurityEvent() throws {
        let f = try Fixture()
        let login = try #require(f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        _ = f.login(login, password: "wrong password 123")
        #expect(events(f) == [SecurityEvent.loginFailed])
        #expect(!allLogText(f).contains("wrong password 123"))
    }

    @Test func throttledLoginIsASecurityEvent() throws {
        let f = try Fixture(throttle: LoginThrottle(freeFailures: 1, baseDelay: 60))
        let login = try #require(f.flow.handle(.authorizeRequest(Fixture.googleAuthorize(), sessionID: nil)).loginPage)
        _ = f.login(login, password: "wrong 1")
        _ = f.login(login, password: "wrong 2")
        _ = f.login(login)
        #expect(events(f).contains(SecurityEvent.loginThrottled))
    }

    @Test func refusedBearerTokenIsASecurityEventWithoutTheToken() async throws {
        let f = try Fixture()
        _ = await UserInfoEndpoint(environment: f.environment).handle(authorization: "Bearer forged-token-value")
        #expect(events(f) == [SecurityEvent.tokenRefused])
        #expect(!allLogText(f).contains("forged-token-value"))
    }

    @Test func codeReplayIsDetectedAndLogged() async throws {
        let f = try Fixture()
        let code = try f.googleCode()
        let exchange = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Fixture.googleRedirect)]
        #expect(await f.googleToken(exchange).status == 200)
        #expect(await f.googleToken(exchange).error == "invalid_grant")
        #expect(events(f).contains(SecurityEvent.codeReuse))
        #expect(events(f).contains(SecurityEvent.grantRefused))
        #expect(!allLogText(f).contains(code))
        #expect(!allLogText(f).contains(Fixture.googleSecret))
    }
}
