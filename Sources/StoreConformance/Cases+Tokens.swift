import OAuthCore

extension StoreConformance {
    static let tokenCases: [ConformanceCase] = [
        ConformanceCase("codes: consumeCode is .consumed once, then .alreadyUsed; unknown is .notFound") {
            s in
            let grant = try Fixture.linked(s)
            let code = Fixture.code("code-hash", grant: grant)
            try s.insertCode(code)
            try expectConflict("duplicate code") { try s.insertCode(code) }
            var consumed = code
            consumed.consumedAt = Fixture.time(7)
            try expectEqual(
                try s.consumeCode(hash: "code-hash", at: Fixture.time(7)), .consumed(consumed), "first")
            try expectEqual(
                try s.consumeCode(hash: "code-hash", at: Fixture.time(8)), .alreadyUsed(consumed), "second")
            try expectEqual(
                try s.consumeCode(hash: "CODE-HASH", at: Fixture.time(8)), .notFound, "unknown hash")
        },
        ConformanceCase("codes: an expired code is still returned (expiry is the caller's check)") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("old", grant: grant, expiresIn: 10))
            try expectEqual(
                try s.consumeCode(hash: "old", at: Fixture.time(10_000)).isConsumed, true, "expired code")
        },
        ConformanceCase("tokens: insert, read by hash, duplicate conflicts") { s in
            let grant = try Fixture.linked(s)
            let token = Fixture.token("t", .access, grant: grant)
            try s.insertToken(token)
            try expectEqual(try s.token(hash: "t"), token, "token(hash:)")
            try expectNil(try s.token(hash: "T"), "hash is exact")
            try expectConflict("duplicate token") {
                try s.insertToken(Fixture.token("t", .refresh, grant: grant))
            }
        },
        ConformanceCase("tokens: markRotated succeeds exactly once") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("r", .refresh, grant: grant, expiresAt: nil))
            try expect(try s.markRotated(hash: "r", at: Fixture.time(10)), "first markRotated")
            try expect(!(try s.markRotated(hash: "r", at: Fixture.time(11))), "second markRotated")
            try expect(!(try s.markRotated(hash: "none", at: Fixture.time(11))), "missing token")
            try expectEqual(try s.token(hash: "r")?.rotatedAt, Fixture.time(10), "rotatedAt")
        },
        ConformanceCase("tokens: revokeToken once; false when absent or revoked") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("r", .refresh, grant: grant, expiresAt: nil))
            try s.insertToken(Fixture.token("a", .access, grant: grant))
            try expect(try s.revokeToken(hash: "r", at: Fixture.time(10)), "first revokeToken")
            try expect(!(try s.revokeToken(hash: "r", at: Fixture.time(11))), "second revokeToken")
            try expect(!(try s.revokeToken(hash: "none", at: Fixture.time(11))), "missing token")
            try expectEqual(try s.token(hash: "r")?.revokedAt, Fixture.time(10), "revokedAt")
            try expectNil(try s.token(hash: "a")?.revokedAt, "other token")
            try expectEqual(try s.grant(id: "grant")?.isActive, true, "grant stays active")
        },
        ConformanceCase("tokens: purgeExpired deletes what expired before the time and counts it") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("code-old", grant: grant, expiresIn: 9))  // expires at 10
            try s.insertCode(Fixture.code("code-edge", grant: grant, expiresIn: 99))  // expires at 100
            try s.insertToken(Fixture.token("access-old", .access, grant: grant, expiresAt: Fixture.time(50)))
            try s.insertToken(
                Fixture.token("access-new", .access, grant: grant, expiresAt: Fixture.time(101)))
            try s.insertToken(
                Fixture.token("refresh-old", .refresh, grant: grant, expiresAt: Fixture.time(60)))
            try s.insertToken(Fixture.token("refresh-forever", .refresh, grant: grant, expiresAt: nil))
            try s.insertSession(Fixture.session("session-old", account: "acct", expiresAt: 20))
            try s.insertSession(Fixture.session("session-new", account: "acct", expiresAt: 200))
            try s.insertInteraction(Fixture.interaction("interaction-old", expiresAt: 30))
            try s.insertInteraction(Fixture.interaction("interaction-new", expiresAt: 300))
            try expectEqual(try s.purgeExpired(before: Fixture.time(100)), 5, "rows purged")
            try expectEqual(try s.consumeCode(hash: "code-old", at: Fixture.time(100)), .notFound, "old code")
            try expectEqual(
                try s.consumeCode(hash: "code-edge", at: Fixture.time(100)).isConsumed, true,
                "code at the edge")
            for hash in ["access-old", "refresh-old"] { try expectNil(try s.token(hash: hash), hash) }
            for hash in ["access-new", "refresh-forever"] {
                try expect(try s.token(hash: hash) != nil, "\(hash) kept")
            }
            try expectNil(try s.session(hash: "session-old"), "old session")
            try expect(try s.session(hash: "session-new") != nil, "new session kept")
            try expectNil(try s.interaction(id: "interaction-old"), "old interaction")
            try expect(try s.interaction(id: "interaction-new") != nil, "new interaction kept")
            try expectEqual(try s.purgeExpired(before: Fixture.time(100)), 0, "second purge")
        },
    ]
}
