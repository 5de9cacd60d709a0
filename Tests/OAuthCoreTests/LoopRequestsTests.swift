import Foundation
import OAuthCore
import Support
import Testing

/// The requests the server runs on PostgreSQL's reader thread (AccountLinkServer's
/// `StoreThreadsResponder.runsOnReader`: UserInfo and introspection; `/healthz` calls `readPing` alone)
/// must make suspending store calls only: a blocking call there would hold every request on that thread.
/// Each path is run with the client cache cold and warm, on tokens live and not, and every store call it
/// makes is recorded (FailingStorage).
@Suite struct LoopRequestsTests {
    private static let suspending: Set<String> = [
        "readLiveToken(hash:at:)", "readClient(id:liveToken:at:)", "readClient(id:)", "readPing()",
    ]

    private func calls(_ fail: FailSwitch, _ body: () async -> Void) async -> [String] {
        fail.calls.withLock { $0.removeAll() }
        await body()
        return fail.calls.withLock { $0 }
    }

    private func introspect(_ env: OAuthEnvironment, _ token: String, secret: String = Fixture.googleSecret) async {
        _ = await IntrospectionEndpoint(environment: env).handle(
            TokenRequest(parameters: Fixture.form([("token", token)]), authorization: Fixture.basic("google", secret)))
    }

    @Test(arguments: [0.0, 60.0])
    func userInfoAndIntrospectionOnlySuspend(cacheSeconds: Double) async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let tokens = try await f.googleTokens(extra: [("scope", "openid email")])
        var env = f.environment
        env.clientCache = ClientCache(seconds: cacheSeconds)
        var made: [String] = []
        for token in [tokens.access, tokens.refresh, "at_unknown0123456789", "eyJhbGciOiJSUzI1NiJ9.e30.c2ln"] {
            made += await calls(fail) {
                _ = await UserInfoEndpoint(environment: env).handle(authorization: "Bearer " + token)
            }
            made += await calls(fail) { await introspect(env, token) }
            made += await calls(fail) { await introspect(env, token, secret: "wrong") }
        }
        #expect(made.contains("readLiveToken(hash:at:)"), "the paths were run and read")
        #expect(made.filter { !Self.suspending.contains($0) } == [], "no blocking store call")
    }

    /// The check can fail: revocation (run on the store's threads) reads the token with a blocking call.
    @Test func theCheckSeesABlockingCall() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let tokens = try await f.googleTokens()
        let made = await calls(fail) {
            _ = await RevocationEndpoint(environment: f.environment).handle(TokenRequest(
                parameters: Fixture.form([("token", tokens.access)]),
                authorization: Fixture.basic("google", Fixture.googleSecret)))
        }
        #expect(made.contains { !Self.suspending.contains($0) })
    }
}
