import Foundation
import OAuthCore

/// `SignInListStore` (Sources/OAuthCore/Storage/SignInListStore.swift): the account page's sign-ins.
extension StoreConformance {
    static let signInCases: [ConformanceCase] = [
        ConformanceCase("sign-ins: live sessions of one account, most recently used first, with their origin") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            var first = Fixture.session("s1", account: "a")
            first.origin = SignInOrigin(ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140")
            try s.insertSession(first)
            try s.insertSession(Fixture.session("s2", account: "a"))
            try s.insertSession(Fixture.session("s3", account: "a", expiresAt: 10))
            try s.insertSession(Fixture.session("s4", account: "b"))
            try expectEqual(try s.session(hash: "s1"), first, "origin round trip")
            let now = Fixture.time(20)
            try expectEqual(try s.liveSessions(accountID: "a", at: now).map(\.hash), ["s2", "s1"], "ties by hash, expired left out")
            let seen = SignInOrigin(ipAddress: "198.51.100.1", userAgent: "Firefox/130")
            try s.recordSessionUse(hash: "s1", at: Fixture.time(30), origin: seen)
            let live = try s.liveSessions(accountID: "a", at: now)
            try expectEqual(live.map(\.hash), ["s1", "s2"], "the used one first")
            try expectEqual(live.first?.origin, seen, "recorded origin")
            try expectEqual(live.first?.lastUsedAt, Fixture.time(30), "recorded time")
            try s.recordSessionUse(hash: "gone", at: Fixture.time(30), origin: seen)
            try expectEqual(try s.liveSessions(accountID: "b", at: now).map(\.hash), ["s4"], "the other account's")
        },
        ConformanceCase("sign-ins: a grant keeps its origin; the newest token of each grant") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertClient(Fixture.client("c"))
            var app = Fixture.grant("g1", account: "a", client: "c", at: 1)
            app.origin = SignInOrigin(ipAddress: "2001:db8::1", userAgent: "AcmeApp/2 CFNetwork")
            try s.insertGrant(app)
            let quiet = Fixture.grant("g2", account: "a", client: "c", at: 2)
            try s.insertGrant(quiet)
            try expectEqual(try s.grant(id: "g1"), app, "origin round trip")
            var early = Fixture.token("t1", .refresh, grant: app)
            early.createdAt = Fixture.time(5)
            var late = Fixture.token("t2", .access, grant: app)
            late.createdAt = Fixture.time(50)
            try s.insertToken(early)
            try s.insertToken(late)
            try expectEqual(try s.lastTokenIssued(grantIDs: ["g1", "g2", "none"]), ["g1": Fixture.time(50)],
                            "newest per grant, none for a grant without tokens")
            try expectEqual(try s.lastTokenIssued(grantIDs: []), [:], "nothing asked")
        },
    ]
}
