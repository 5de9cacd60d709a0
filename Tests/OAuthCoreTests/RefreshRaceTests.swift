import Foundation
import OAuthCore
import Support
import Testing

/// A refresh without rotation reads outside any transaction, then writes its access token only while
/// the refresh token is still live (TokenPathStore, RefreshTokenGrant.unrotated): a revocation committed
/// between the read and the write wins. The store is wrapped so that the revocation runs exactly there.
@Suite struct RefreshRaceTests {
    /// What is revoked between the refresh's read and its write.
    enum Revocation: String, CaseIterable, Sendable {
        case refreshToken, grant, accountDisabled, accountErased

        func apply(to storage: any Storage, refreshHash: String, at now: Date) throws {
            let record = try #require(try storage.token(hash: refreshHash))
            switch self {
            case .refreshToken: #expect(try storage.revokeToken(hash: refreshHash, at: now))
            case .grant: #expect(try storage.revokeGrant(id: record.grantID, at: now))
            case .accountDisabled:
                var account = try #require(try storage.account(id: record.accountID))
                account.status = .disabled
                try storage.updateAccount(account)
            case .accountErased: #expect(try storage.eraseAccount(id: record.accountID, at: now))
            }
        }
    }

    private func racing() throws -> (Fixture, FailSwitch) {
        let fail = FailSwitch()
        return (try Fixture(storage: { FailingStorage(inner: $0, fail: fail) }), fail)
    }

    private func refresh(_ f: Fixture, _ token: String, scope: String? = nil) async -> EndpointResponse {
        let pairs = [("grant_type", "refresh_token"), ("refresh_token", token)]
        return await f.googleToken(pairs + (scope.map { [("scope", $0)] } ?? []))
    }

    /// With the client cache warm (the server's default) the endpoint does not read the token with the
    /// client, and the grant has the store read it in its write (`insertToken(derivedFrom:readAhead:at:_:)`). The
    /// cache is warmed by a refresh of an unknown token, which fails before any write.
    private func refreshWithTheClientCached(_ f: Fixture, _ token: String) async -> EndpointResponse {
        var environment = f.environment
        environment.clientCache = ClientCache(seconds: 60)
        let endpoint = TokenEndpoint(environment: environment)
        let request = { (token: String) in
            TokenRequest(parameters: Fixture.form([("grant_type", "refresh_token"), ("refresh_token", token)]),
                         authorization: Fixture.basic("google", Fixture.googleSecret))
        }
        #expect(await endpoint.handle(request("alr_warm")).error == "invalid_grant")
        return await endpoint.handle(request(token))
    }

    @Test(arguments: Revocation.allCases, [false, true])
    func revocationBetweenReadAndWriteIsInvalidGrantAndWritesNoAccessToken(
        _ revocation: Revocation, cached: Bool
    ) async throws {
        let (f, fail) = try racing()
        let tokens = try await f.googleTokens()
        let refreshHash = OpaqueToken.hash(tokens.refresh)
        let (memory, clock) = (f.memory, f.clock)
        fail.beforeConditionalInsert.withLock {
            $0 = { try revocation.apply(to: memory, refreshHash: refreshHash, at: clock.now()) }
        }
        let response = cached ? await refreshWithTheClientCached(f, tokens.refresh) : await refresh(f, tokens.refresh)
        #expect(response.status == 400)
        #expect(response.error == "invalid_grant")
        #expect(response.string("access_token") == nil)
        let attempted = fail.conditionalInserts.withLock { $0 }
        #expect(attempted.count == 1, "the refresh got as far as its write")
        for record in attempted { #expect(try f.memory.token(hash: record.hash) == nil, "no access token row") }
    }

    /// Without the revocation the same path writes and answers (the wrapper itself changes nothing).
    @Test func refreshThroughTheWrapperWritesItsAccessToken() async throws {
        let (f, fail) = try racing()
        let tokens = try await f.googleTokens()
        let response = await refresh(f, tokens.refresh)
        #expect(response.status == 200)
        let access = try #require(response.string("access_token"))
        let attempted = fail.conditionalInserts.withLock { $0 }
        #expect(attempted.map(\.hash) == [OpaqueToken.hash(access)])
        #expect(try f.memory.token(hash: OpaqueToken.hash(access)) == attempted.first)
    }

    /// Google unlinks on invalid_grant (docs/architecture.md, Decisions): a store failing at the write is 503.
    @Test func outageAtTheConditionalWriteIs503NotInvalidGrant() async throws {
        let (f, fail) = try racing()
        let tokens = try await f.googleTokens()
        fail.beforeConditionalInsert.withLock { $0 = { fail.on.withLock { $0 = true } } }
        let response = await refresh(f, tokens.refresh)
        #expect(response.status == 503)
        #expect(response.error != "invalid_grant")
        fail.on.withLock { $0 = false }
        for record in fail.conditionalInserts.withLock({ $0 }) {
            #expect(try f.memory.token(hash: record.hash) == nil)
        }
    }

    /// RFC 6749 §6: a narrower scope is granted on refresh; the refresh token stays the same.
    @Test func narrowerScopeOnRefreshIsGrantedToTheNewAccessTokenOnly() async throws {
        let f = try Fixture()
        let tokens = try await f.googleTokens(extra: [("scope", "openid devices")])
        let response = await refresh(f, tokens.refresh, scope: "devices")
        #expect(response.status == 200)
        #expect(response.string("scope") == "devices")
        #expect(response.string("id_token") == nil, "openid was not asked for")
        #expect(response.string("refresh_token") == tokens.refresh)
        let access = try #require(response.string("access_token"))
        let service = TokenService(environment: f.environment)
        await #expect(try service.verifyAccessToken(access).record.scope == ["devices"])
        await #expect(
            UserInfoEndpoint(environment: f.environment).handle(authorization: "Bearer " + access).status == 403,
            "UserInfo needs openid, which the narrowed token lacks")
        #expect(try f.memory.token(hash: OpaqueToken.hash(tokens.refresh))?.scope == ["openid", "devices"])
        let full = await refresh(f, tokens.refresh)
        let fullAccess = try #require(full.string("access_token"))
        let userInfo = await UserInfoEndpoint(environment: f.environment).handle(authorization: "Bearer " + fullAccess)
        #expect(userInfo.status == 200)
    }
}
