import Foundation
import OAuthCore
import Support
import Testing

/// FirstPartyBearer reads the token's client through the environment's client cache (ClientCache.swift):
/// with the client cached a verify is one store read, and a client demoted from first-party (removed,
/// then added again without `first_party`) is refused under the cache's rule: at once when forgotten
/// (the admin API), within the cache's lifetime otherwise; its old tokens die with it at once.
@Suite struct FirstPartyBearerCacheTests {
    private func setUp(seconds: Double) async throws -> (Fixture, FailSwitch, OAuthEnvironment, String) {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        var environment = f.environment
        environment.clientCache = ClientCache(seconds: seconds)
        return (f, fail, environment, try await f.appAccessToken())
    }

    private func reads(_ fail: FailSwitch, _ body: () async throws -> Void) async rethrows -> [String] {
        fail.clearRecords()
        try await body()
        return fail.calls
    }

    private func refusal(_ environment: OAuthEnvironment, _ token: String) async -> FirstPartyBearer.Refusal? {
        do {
            _ = try await FirstPartyBearer(environment: environment).verify("Bearer " + token)
            return nil
        } catch {
            return error as? FirstPartyBearer.Refusal ?? .missing
        }
    }

    @Test func aCachedClientMakesAVerifyOneStoreRead() async throws {
        let (f, fail, cached, token) = try await setUp(seconds: 60)
        let verify = { (environment: OAuthEnvironment) in
            _ = try await FirstPartyBearer(environment: environment).verify("Bearer " + token)
        }
        #expect(try await reads(fail) { try await verify(f.environment) } == ["readLiveToken(hash:at:)", "readClient(id:)"], "no cache")
        #expect(try await reads(fail) { try await verify(cached) } == ["readLiveToken(hash:at:)", "readClient(id:)"], "the first")
        #expect(try await reads(fail) { try await verify(cached) } == ["readLiveToken(hash:at:)"], "the client cached")
    }

    @Test func aDemotedClientIsRefusedAtOnceWhenForgotten() async throws {
        let (f, _, cached, token) = try await setUp(seconds: 60)
        await #expect(refusal(cached, token) == nil)
        let later = try demote(f)
        await #expect(refusal(cached, token) == .invalidToken, "removing the client revoked its tokens")
        await #expect(refusal(cached, later) == nil, "changed elsewhere: the cached client within its lifetime")
        cached.clientCache.forget(id: "app")
        await #expect(refusal(cached, later) == .notFirstParty, "forgotten (the admin API): at once")
        await #expect(refusal(f.environment, later) == .notFirstParty, "without the cache")
    }

    @Test func aDemotedClientIsRefusedOnceTheCacheLifetimeHasPassed() async throws {
        let (f, _, cached, token) = try await setUp(seconds: 0.05)
        await #expect(refusal(cached, token) == nil)
        let later = try demote(f)
        let deadline = ContinuousClock.now + .seconds(60)
        while await refusal(cached, later) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        await #expect(refusal(cached, later) == .notFirstParty)
    }

    /// "app" removed and added again without `first_party` (a client is never changed in place), and a
    /// live access token of the new one for Alice; answers that token.
    private func demote(_ f: Fixture) throws -> String {
        let now = f.clock.now()
        let old = try #require(try f.memory.client(id: "app"))
        #expect(try f.memory.deleteClient(id: "app", at: now))
        var demoted = old
        demoted.firstParty = false
        try f.memory.insertClient(demoted)
        try f.memory.insertGrant(Grant(id: "grant-after", accountID: f.aliceID, clientID: "app", scope: ["openid"],
                                       createdAt: now))
        let token = "at_after_demotion_0123456789abcdef0123456789"
        try f.memory.insertToken(TokenRecord(
            hash: OpaqueToken.hash(token), kind: .access, grantID: "grant-after", clientID: "app",
            accountID: f.aliceID, scope: ["openid"], authTime: now, createdAt: now,
            expiresAt: now.addingTimeInterval(3600)))
        return token
    }
}
