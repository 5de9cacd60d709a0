import Foundation
import OAuthCore
import Support
import Synchronization
import Testing

/// The requests the server runs on PostgreSQL's reader thread (AccountLinkServer's
/// `StoreThreadsResponder.runsOnReader`: UserInfo, introspection and `/token` by path; `/healthz` calls
/// `readPing` alone) must make suspending store calls only, or make the others on the blocking executor
/// (`OAuthEnvironment.blocking`): a blocking call on the loop would hold every request on that thread.
/// Each path is run with the client cache cold and warm, on tokens live and not, and every store call it
/// makes is recorded with its thread (FailingStorage).
@Suite struct LoopRequestsTests {
    private static let suspending: Set<String> = [
        "readLiveToken(hash:at:)", "readClient(id:liveToken:at:)", "readClient(id:)", "readPing()",
        "insertToken(_:whileLive:at:)", "insertAccessToken(_:refreshing:readAhead:at:)",
    ]
    /// The blocking executor's threads in the refresh cases.
    private static let blockingName = "al.test.block"

    private func calls(_ fail: FailSwitch, _ body: () async -> Void) async -> [String] {
        await placedCalls(fail, body).map(\.call)
    }

    /// Each store call `body` makes, with the name of the thread it was made on.
    private func placedCalls(_ fail: FailSwitch, _ body: () async -> Void) async -> [(call: String, thread: String)] {
        fail.clearRecords()
        await body()
        return fail.records.withLock { $0 }
    }

    /// A refresh at the token endpoint of `env`, for `client`.
    private func refresh(_ env: OAuthEnvironment, _ token: String, client: String = "google",
                         secret: String = Fixture.googleSecret) async -> EndpointResponse {
        await TokenEndpoint(environment: env).handle(TokenRequest(
            parameters: Fixture.form([("grant_type", "refresh_token"), ("refresh_token", token)]),
            authorization: Fixture.basic(client, secret)))
    }

    /// A refresh of a rotating client's token: blocking calls (its transaction) are made.
    private func rotatingRefreshToken(_ f: Fixture) async throws -> String {
        let params = Fixture.form([("response_type", "code"), ("client_id", "rotating"), ("state", "r")])
        let url = try #require(try f.runFlow(params).redirectURL)
        let code = try #require(queryItems(url)["code"])
        let response = await f.token([("grant_type", "authorization_code"), ("code", code)],
                                     authorization: Fixture.basic("rotating", Fixture.rotatingSecret))
        return try #require(response.string("refresh_token"))
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

    /// A refresh without rotation suspends for every store call, and signs an ID token on the blocking
    /// executor; with rotation, its whole transaction runs there. Nothing that holds a thread is left on
    /// the thread the request runs on.
    @Test(arguments: [0.0, 60.0])
    func aRefreshOnlySuspendsAndBlocksOnlyOnTheBlockingExecutor(cacheSeconds: Double) async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let plain = try await f.googleTokens()
        let openid = try await f.googleTokens(extra: [("scope", "openid email")])
        let rotating = try await rotatingRefreshToken(f)
        let blocking = StoreThreads(limit: 2, name: Self.blockingName)
        defer { blocking.stop() }
        let signer = ThreadRecordingSigner()
        var env = f.environment
        env.clientCache = ClientCache(seconds: cacheSeconds)
        env.blockingExecutor = blocking
        env.idTokenSigner = signer
        var made: [(call: String, thread: String)] = []
        var statuses: [Int] = []
        for token in [plain.refresh, openid.refresh, plain.access, "rt_unknown0123456789"] {
            made += await placedCalls(fail) { statuses.append(await refresh(env, token).status) }
            made += await placedCalls(fail) { statuses.append(await refresh(env, token, secret: "wrong").status) }
        }
        #expect(statuses == [200, 401, 200, 401, 400, 401, 400, 401], "issued, refused the client, refused the grant")
        #expect(made.contains { $0.call == "insertToken(_:whileLive:at:)" }, "the paths were run and wrote")
        #expect(made.filter { !Self.suspending.contains($0.call) }.map(\.call) == [], "no blocking store call")
        #expect(signer.threads.withLock { $0 } == [Self.blockingName], "the one ID token signed on the blocking executor")
        var rotatedStatus = 0
        let rotated = await placedCalls(fail) {
            rotatedStatus = await refresh(env, rotating, client: "rotating", secret: Fixture.rotatingSecret).status
        }
        #expect(rotatedStatus == 200)
        let blockingCalls = rotated.filter { !Self.suspending.contains($0.call) }
        #expect(!blockingCalls.isEmpty, "rotation's transaction")
        #expect(blockingCalls.allSatisfy { $0.thread == Self.blockingName }, "\(blockingCalls)")
    }

    /// The server starts every `/token` request on the loop whatever its grant (it never reads the body to
    /// choose): the other grants run on the blocking executor from their start (`TokenGrant.suspendsOnly`),
    /// so each of their blocking store calls is made there; client authentication before it only suspends.
    @Test func everyOtherGrantBlocksOnlyOnTheBlockingExecutor() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let blocking = StoreThreads(limit: 2, name: Self.blockingName)
        defer { blocking.stop() }
        var env = f.environment
        env.blockingExecutor = blocking
        let params = Fixture.form([("response_type", "code"), ("client_id", "rotating"), ("state", "r")])
        let url = try #require(try f.runFlow(params).redirectURL)
        let code = try #require(queryItems(url)["code"])
        var statuses: [Int] = []
        let made = await placedCalls(fail) {
            let endpoint = TokenEndpoint(environment: env)
            for pairs in [[("grant_type", "authorization_code"), ("code", code)], [("grant_type", "authorization_code"), ("code", code)]] {
                statuses.append(await endpoint.handle(TokenRequest(
                    parameters: Fixture.form(pairs), authorization: Fixture.basic("rotating", Fixture.rotatingSecret))).status)
            }
            statuses.append(await endpoint.handle(TokenRequest(parameters: Fixture.form([
                ("grant_type", "password"), ("client_id", "app"), ("username", "alice@example.com"),
                ("password", Fixture.password),
            ]))).status)
        }
        #expect(statuses == [200, 400, 200], "issued, a replayed code refused, a password sign-in")
        let blockingCalls = made.filter { !Self.suspending.contains($0.call) }
        #expect(blockingCalls.contains { $0.call.hasPrefix("transaction") }, "the grants' transactions: \(made.map(\.call))")
        #expect(blockingCalls.allSatisfy { $0.thread == Self.blockingName }, "\(blockingCalls)")
    }

    /// The refresh check can fail: without a blocking executor, rotation's calls are made where the request runs.
    @Test func theRefreshCheckSeesACallOffTheBlockingExecutor() async throws {
        let fail = FailSwitch()
        let f = try Fixture(storage: { FailingStorage(inner: $0, fail: fail) })
        let rotating = try await rotatingRefreshToken(f)
        let made = await placedCalls(fail) {
            _ = await refresh(f.environment, rotating, client: "rotating", secret: Fixture.rotatingSecret)
        }
        #expect(made.contains { !Self.suspending.contains($0.call) && $0.thread != Self.blockingName })
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

/// Signs as the fixture's signer does and records the name of each thread it signed on.
private final class ThreadRecordingSigner: IDTokenSigner, Sendable {
    let threads = Mutex<[String]>([])

    func sign(claims: [String: JSONValue]) throws -> String {
        threads.withLock { $0.append(ThreadName.current() ?? "unnamed") }
        return try InspectableSigner().sign(claims: claims)
    }

    func sign(claims: [String: JSONValue], algorithm: String) throws -> String {
        threads.withLock { $0.append(ThreadName.current() ?? "unnamed") }
        return try InspectableSigner().sign(claims: claims, algorithm: algorithm)
    }
}
