import OAuthCore

extension StoreConformance {
    static let grantCases: [ConformanceCase] = [
        ConformanceCase("grants: insert, read, duplicate conflicts, update scope") { s in
            let grant = try Fixture.linked(s)
            try expectEqual(try s.grant(id: "grant"), grant, "grant(id:)")
            try expectNil(try s.grant(id: "none"), "missing grant")
            try expectConflict("duplicate grant") { try s.insertGrant(grant) }
            try s.updateGrantScope(id: "grant", scope: ["openid", "devices", "email address"])
            try expectEqual(
                try s.grant(id: "grant")?.scope, ["openid", "devices", "email address"], "updated scope")
        },
        ConformanceCase("grants: activeGrants oldest first, activeGrant per client") { s in
            try s.insertAccount(Fixture.account("a"))
            for client in ["c1", "c2", "c3"] { try s.insertClient(Fixture.client(client)) }
            // Inserted in creation order (the memory reference keeps insertion order).
            try s.insertGrant(Fixture.grant("early", account: "a", client: "c2", at: 1))
            var revoked = Fixture.grant("revoked", account: "a", client: "c3", at: 2)
            revoked.revokedAt = Fixture.time(3)
            try s.insertGrant(revoked)
            try s.insertGrant(Fixture.grant("late", account: "a", client: "c1", at: 5))
            try expectEqual(try s.activeGrants(accountID: "a").map(\.id), ["early", "late"], "activeGrants")
            try expectEqual(try s.activeGrant(accountID: "a", clientID: "c1")?.id, "late", "activeGrant")
            try expectNil(try s.activeGrant(accountID: "a", clientID: "c3"), "revoked grant is not active")
            try expectNil(try s.activeGrant(accountID: "b", clientID: "c1"), "other account")
        },
        ConformanceCase("grants: revokeGrant revokes its codes and tokens, false the second time") { s in
            let grant = try Fixture.linked(s)
            let other = try Fixture.linked(s, client: "other", grant: "other-grant")
            try s.insertCode(Fixture.code("fresh", grant: grant))
            try s.insertCode(Fixture.code("used", grant: grant))
            _ = try s.consumeCode(hash: "used", at: Fixture.time(2))
            try s.insertToken(Fixture.token("access", .access, grant: grant))
            var earlier = Fixture.token("earlier", .refresh, grant: grant, expiresAt: nil)
            earlier.revokedAt = Fixture.time(3)
            try s.insertToken(earlier)
            try s.insertToken(Fixture.token("other", .access, grant: other))
            try s.insertCode(Fixture.code("other-code", grant: other))

            try expect(try s.revokeGrant(id: "grant", at: Fixture.time(50)), "revokeGrant returns true")
            try expectEqual(try s.grant(id: "grant")?.revokedAt, Fixture.time(50), "grant revokedAt")
            try expectEqual(try s.token(hash: "access")?.revokedAt, Fixture.time(50), "access token")
            try expectEqual(
                try s.token(hash: "earlier")?.revokedAt, Fixture.time(3),
                "already revoked token keeps its time")
            guard case .alreadyUsed(let code) = try s.consumeCode(hash: "fresh", at: Fixture.time(51)) else {
                throw ConformanceFailure("code of a revoked grant is still usable")
            }
            try expectEqual(code.consumedAt, Fixture.time(50), "code consumedAt set by revocation")
            guard case .alreadyUsed(let used) = try s.consumeCode(hash: "used", at: Fixture.time(51)) else {
                throw ConformanceFailure("used code became usable")
            }
            try expectEqual(used.consumedAt, Fixture.time(2), "used code keeps its time")
            try expectNil(try s.token(hash: "other")?.revokedAt, "other grant's token")
            try expectEqual(
                try s.consumeCode(hash: "other-code", at: Fixture.time(51)).isConsumed, true, "other code")
            try expect(!(try s.revokeGrant(id: "grant", at: Fixture.time(60))), "second revokeGrant is false")
            try expect(
                !(try s.revokeGrant(id: "none", at: Fixture.time(60))), "revokeGrant of a missing grant")
            try expectEqual(try s.grant(id: "grant")?.revokedAt, Fixture.time(50), "revokedAt unchanged")
        },
    ]
}

extension CodeConsumption {
    var isConsumed: Bool { if case .consumed = self { true } else { false } }
}
