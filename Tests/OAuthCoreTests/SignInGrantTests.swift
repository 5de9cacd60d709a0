import Foundation
import OAuthCore
import Support
import Testing

/// docs/sign-in.md: each first-party sign-in has its own grant, so one sign-in can end without the others;
/// the account still sees one linked entry per client, and unlinking it ends all of them.
@Suite struct SignInGrantTests {
    func passwordSignIn(_ f: Fixture) async throws -> (access: String, refresh: String) {
        let response = await f.token([("grant_type", "password"), ("client_id", "app"),
                                      ("username", "alice@example.com"), ("password", Fixture.password)])
        return (try #require(response.string("access_token")), try #require(response.string("refresh_token")))
    }

    @Test func eachPasswordSignInIsItsOwnGrant() async throws {
        let f = try Fixture()
        let first = try await passwordSignIn(f)
        let second = try await passwordSignIn(f)
        let grants = try f.memory.activeGrants(accountID: f.aliceID)
        #expect(grants.count == 2 && Set(grants.map(\.clientID)) == ["app"])
        let firstGrant = try #require(try f.memory.token(hash: OpaqueToken.hash(first.access))?.grantID)
        #expect(try f.memory.token(hash: OpaqueToken.hash(first.refresh))?.grantID == firstGrant)
        #expect(try f.memory.token(hash: OpaqueToken.hash(second.access))?.grantID != firstGrant)

        #expect(try f.memory.revokeGrant(id: firstGrant, at: f.clock.now()))
        let refreshed = await f.token([("grant_type", "refresh_token"), ("client_id", "app"),
                                       ("refresh_token", first.refresh)])
        #expect(refreshed.error == "invalid_grant", "the ended sign-in's refresh token")
        let other = await f.token([("grant_type", "refresh_token"), ("client_id", "app"),
                                   ("refresh_token", second.refresh)])
        #expect(other.string("access_token") != nil, "the other sign-in goes on")
    }

    @Test func theAccountSeesOneEntryPerClientAndUnlinkEndsEverySignIn() async throws {
        let f = try Fixture()
        _ = try await passwordSignIn(f)
        _ = try await passwordSignIn(f)
        let services = try LinkedServices(environment: f.environment).list(accountID: f.aliceID)
        #expect(services.map(\.clientID) == ["app"])
        let grantID = try #require(services.first?.grantID)
        #expect(try LinkedServices(environment: f.environment).unlink(grantID: grantID, accountID: f.aliceID))
        #expect(try f.memory.activeGrants(accountID: f.aliceID).isEmpty)
        #expect(try !LinkedServices(environment: f.environment).unlink(grantID: grantID, accountID: "someone-else"))
    }
}
