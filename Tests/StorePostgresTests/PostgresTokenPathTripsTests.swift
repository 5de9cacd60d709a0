import Foundation
import OAuthCore
import Testing

@testable import StorePostgres

/// docs/performance.md, PostgreSQL: a client and the token it presents cost one round trip together.
@Suite
struct PostgresTokenPathTripsTests {
    @Test func aClientAndItsLiveTokenCostOneRoundTrip() throws {
        try PGFixture.withGrant(poolSize: 1) { storage, grant, _ in
            try storage.insertClient(
                Client(id: "client", name: "Client", secretHash: nil, redirectURIs: [], scopes: ["x"], isPublic: true,
                       firstParty: false, appFlip: false, rotateRefreshTokens: false, createdAt: PGFixture.time))
            try storage.insertToken(PGFixture.token("live", grant: grant))
            _ = try storage.client(id: "client", liveToken: "live", at: PGFixture.time)  // prepared on first use
            let before = storage.roundTrips
            let both = try storage.client(id: "client", liveToken: "live", at: PGFixture.time)
            #expect(storage.roundTrips - before == 1)
            #expect(both.client?.id == "client")
            #expect(both.token?.record.hash == "live")
            #expect(both.token?.account.id == "acct")
        }
    }
}
