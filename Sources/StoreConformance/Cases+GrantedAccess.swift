import Foundation
import OAuthCore

extension StoreConformance {
    /// TokenPathStore.insertAccessToken(_:refreshing:readAhead:at:): a refresh's access token as granted, checked and
    /// written in one step. A SQL store says `AccessTokenRecipe.record(from:)` in SQL (PostgreSQL); these hold
    /// the two to the same answers.
    static let grantedAccessCases: [ConformanceCase] = [
        ConformanceCase("granted access: the refresh token's grant, account, scope and auth time, written and returned live") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            var refresh = try s.token(hash: "refresh")
            refresh?.scope = ["devices", "openid"]
            try s.insertToken(try unwrap(refresh.map { record in
                var other = record
                other.hash = "wide"
                return other
            }))
            for (recipe, from) in [(recipe("granted", grant.clientID, lifetime: 3600), "refresh"), (recipe("forever", grant.clientID, lifetime: nil), "wide")] {
                let stored = try unwrap(try s.token(hash: from))
                let expected = try unwrap(recipe.record(from: stored))
                let live = try awaited { try await s.insertAccessToken(recipe, refreshing: from, readAhead: nil, at: Fixture.time(2)) }
                try expectEqual(live?.record, expected, "\(recipe.hash): the answer is the token written")
                try expectEqual(live?.account, try s.liveToken(hash: from, at: Fixture.time(2))?.account, "with its account")
                try expectEqual(try s.token(hash: recipe.hash), expected, "\(recipe.hash): stored")
                try expectEqual(try s.liveToken(hash: recipe.hash, at: Fixture.time(3)), live, "\(recipe.hash): live")
            }
        },
        ConformanceCase("granted access: nothing written under a refresh token not live, another client's or not a refresh token") { s in
            var refused = try notLiveRefreshTokens(s).map { ($0.0, $0.1, $0.2.clientID) }
            let kelvin = try Fixture.linked(s, account: "acct-k", client: "Kelvin", grant: "grant-k")
            try s.insertToken(Fixture.token("of-kelvin", .refresh, grant: kelvin, expiresAt: nil))
            try s.insertToken(Fixture.token("an-access-token", .access, grant: kelvin, expiresAt: nil))
            refused += [
                ("another client", "of-kelvin", "google"),
                ("a canonically equivalent client id", "of-kelvin", "\u{212A}elvin"),
                ("an access token", "an-access-token", "Kelvin"),
            ]
            for (reason, refreshHash, clientID) in refused {
                let recipe = recipe("access-\(reason)", clientID, lifetime: 3600)
                let live = try awaited { try await s.insertAccessToken(recipe, refreshing: refreshHash, readAhead: nil, at: Fixture.time(100)) }
                try expectNil(live, "\(reason): refused")
                try expectNil(try s.token(hash: recipe.hash), "\(reason): nothing written")
            }
            let taken = recipe("taken", "Kelvin", lifetime: 3600)
            try expect(try awaited { try await s.insertAccessToken(taken, refreshing: "of-kelvin", readAhead: nil, at: Fixture.time(100)) } != nil,
                       "the same refresh token for its own client")
        },
        ConformanceCase("granted access: the store's rule gives isUsable(at:) and an active account's answers") { s in
            for (record, account) in try liveTable(s) {
                let expected = record.kind == .refresh && record.isUsable(at: tableNow) && account.status == .active
                let recipe = recipe("granted-\(record.hash)", record.clientID, lifetime: 60)
                let live = try awaited { try await s.insertAccessToken(recipe, refreshing: record.hash, readAhead: nil, at: tableNow) }
                try expectEqual(live?.record, expected ? try recipe.record(from: record) : nil, "from \(record.hash)")
                try expectEqual(try s.token(hash: recipe.hash) != nil, expected, "written from \(record.hash)")
            }
        },
        ConformanceCase("granted access: a stored hash conflicts and changes nothing") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let stored = Fixture.token("taken", .access, grant: grant)
            try s.insertToken(stored)
            try expectConflict("a stored hash") {
                _ = try awaited {
                    try await s.insertAccessToken(recipe("taken", grant.clientID, lifetime: 10), refreshing: "refresh", readAhead: nil, at: Fixture.time(2))
                }
            }
            try expectEqual(try s.token(hash: "taken"), stored, "the stored token is untouched")
        },
        ConformanceCase("granted access: racing a grant revocation leaves no live token") { s in
            let grant = try Fixture.linkedWithRefreshToken(s)
            let revocation = HeldRevocation(s, grant: grant.id)
            let insert = Outcome<Bool> {
                try awaited {
                    try await s.insertAccessToken(recipe("raced", grant.clientID, lifetime: 60), refreshing: "refresh", readAhead: nil, at: Fixture.time(6))
                } != nil
            }
            _ = insert.value(within: 0.5)
            try revocation.commit()
            guard let inserted = insert.value(within: 60) else { throw ConformanceFailure("the insert hung") }
            try expectEqual(try s.token(hash: "raced") != nil, try inserted.get(), "the answer says what was written")
            try expectNil(try s.liveToken(hash: "raced", at: Fixture.time(6)), "a live token under a revoked grant")
        },
    ]

    private static func recipe(_ hash: String, _ clientID: String, lifetime: TimeInterval?) -> AccessTokenRecipe {
        AccessTokenRecipe(hash: hash, clientID: clientID, createdAt: Fixture.time(2), lifetime: lifetime)
    }

    private static func unwrap<T>(_ value: T?) throws -> T {
        guard let value else { throw ConformanceFailure("missing") }
        return value
    }
}
