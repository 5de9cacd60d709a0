import Dispatch
import Foundation
import OAuthCore
import Synchronization

/// The shared login throttle, refresh lineage and single-use interactions (docs/hardening.md, Sign-in).
extension StoreConformance {
    static let policy = LoginThrottlePolicy(freeFailures: 3, baseDelay: 10, maximumDelay: 100)

    static let hardeningCases: [ConformanceCase] = [
        ConformanceCase("login attempts: counted before the check passes again, window, success gives back") { s in
            let keys = ["account:a@example.com", "address:192.0.2.1"]
            for _ in 0..<3 { try expect(try s.takeLoginAttempt(keys: keys, policy: policy, at: Fixture.time(0)), "free") }
            try expect(!(try s.takeLoginAttempt(keys: keys, policy: policy, at: Fixture.time(9))), "blocked for 10 s")
            try expectEqual(try s.loginAttempts(key: keys[0])?.failures, 3, "refused attempts are not counted")
            try expectEqual(try s.loginAttempts(key: keys[0])?.blockedUntil, Fixture.time(10), "window")
            try expect(try s.takeLoginAttempt(keys: keys, policy: policy, at: Fixture.time(10)), "window over")
            try s.loginSucceeded(clearedKey: keys[0], returnedKeys: [keys[1]], policy: policy)
            try expectNil(try s.loginAttempts(key: keys[0]), "account cleared")
            try expectEqual(try s.loginAttempts(key: keys[1])?.failures, 3, "address got one back")
            try expect(!(try s.takeLoginAttempt(keys: [keys[1]], policy: policy, at: Fixture.time(11))), "address still blocked")
            try s.purgeLoginAttempts(before: Fixture.time(5))
            try expect(try s.loginAttempts(key: keys[1]) != nil, "recent record stays")
            try s.purgeLoginAttempts(before: Fixture.time(1000))
            try expectNil(try s.loginAttempts(key: keys[1]), "old record purged")
        },
        ConformanceCase("login attempts: concurrent takes never exceed the budget") { s in
            let granted = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 24) { index in
                let keys = ["account:b@example.com", "address:198.51.100.\(index)"]
                if (try? s.takeLoginAttempt(keys: keys, policy: policy, at: Fixture.time(0))) == true {
                    granted.add(1, ordering: .relaxed)
                }
            }
            let count = granted.load(ordering: .relaxed)
            try expect(count >= 1 && count <= 3, "granted \(count) attempts of a budget of 3")
        },
        ConformanceCase("refresh lineage: a second used child of one parent is a fork") { s in
            try s.recordRefreshLineage(child: "c1", parent: "p", at: Fixture.time(0))
            try s.recordRefreshLineage(child: "c2", parent: "p", at: Fixture.time(1))
            try s.recordRefreshLineage(child: "d1", parent: "c1", at: Fixture.time(2))
            try expect(try s.useRefreshToken(hash: "unknown", at: Fixture.time(3)), "no lineage: fine")
            try expect(try s.useRefreshToken(hash: "c1", at: Fixture.time(3)), "first child")
            try expect(try s.useRefreshToken(hash: "c1", at: Fixture.time(4)), "same child again")
            try expect(try s.useRefreshToken(hash: "d1", at: Fixture.time(4)), "grandchild")
            try expect(!(try s.useRefreshToken(hash: "c2", at: Fixture.time(5))), "sibling: fork")
        },
        ConformanceCase("interactions: take is single use") { s in
            let interaction = Fixture.interaction("web:x")
            try s.insertInteraction(interaction)
            try expectEqual(try s.takeInteraction(id: "web:x"), interaction, "taken")
            try expectNil(try s.takeInteraction(id: "web:x"), "second take")
            try expectNil(try s.interaction(id: "web:x"), "gone")
        },
        ConformanceCase("clients and emails: lookups compare bytes, emails in NFC") { s in
            try s.insertClient(Fixture.client("Kc"))
            try expectNil(try s.client(id: "\u{212A}c"), "Kelvin sign is not K")
            var account = Fixture.account("e")
            account.email = Account.emailKey("Jos\u{E9}@Example.com")
            try s.insertAccount(account)
            try expectEqual(try s.account(email: "JOSE\u{301}@example.com")?.id, "e", "decomposed form finds it")
        },
    ]
}
