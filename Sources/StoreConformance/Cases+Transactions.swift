import OAuthCore

extension StoreConformance {
    static let transactionCases: [ConformanceCase] = [
        ConformanceCase("transaction: commits every write and returns the body's value") { s in
            let value = try s.transaction { view -> Int in
                try view.insertAccount(Fixture.account("a"))
                try view.insertClient(Fixture.client("c"))
                try view.insertGrant(Fixture.grant("g", account: "a", client: "c"))
                try expectEqual(try view.grant(id: "g")?.id, "g", "own write visible inside")
                return 42
            }
            try expectEqual(value, 42, "returned value")
            try expect(try s.account(id: "a") != nil && s.client(id: "c") != nil, "committed rows")
            try expectEqual(try s.activeGrants(accountID: "a").count, 1, "committed grant")
        },
        ConformanceCase("transaction: a throw rolls back every write made through the view") { s in
            let grant = try Fixture.linked(s)
            try s.insertToken(Fixture.token("t", .refresh, grant: grant, expiresAt: nil))
            try s.insertCode(Fixture.code("c", grant: grant))
            try expectRollback {
                try s.transaction { view in
                    try view.insertAccount(Fixture.account("new"))
                    try view.setPasswordHash("hash", accountID: "acct")
                    _ = try view.revokeGrant(id: "grant", at: Fixture.time(5))
                    _ = try view.markRotated(hash: "t", at: Fixture.time(5))
                    _ = try view.recordNotification(jti: "j", at: Fixture.time(5))
                    try view.appendAudit(AuditEvent(storedID: "e", time: Fixture.time(5), kind: "x"))
                    throw Rollback()
                }
            }
            try expectNil(try s.account(id: "new"), "inserted account")
            try expectNil(try s.passwordHash(accountID: "acct"), "password")
            try expectNil(try s.grant(id: "grant")?.revokedAt, "grant revocation")
            try expectNil(try s.token(hash: "t")?.revokedAt ?? s.token(hash: "t")?.rotatedAt, "token changes")
            try expectEqual(
                try s.consumeCode(hash: "c", at: Fixture.time(6)).isConsumed, true, "code untouched")
            try expect(try s.recordNotification(jti: "j", at: Fixture.time(6)), "notification rolled back")
            try expectEqual(try s.auditEvents(limit: 10), [], "audit rolled back")
        },
        ConformanceCase("transaction: a store error inside rolls back and propagates") { s in
            try s.insertAccount(Fixture.account("taken"))
            try expectConflict("duplicate inside a transaction") {
                try s.transaction { view in
                    try view.insertAccount(Fixture.account("fresh"))
                    try view.insertAccount(Fixture.account("taken"))
                }
            }
            try expectNil(try s.account(id: "fresh"), "write before the conflict")
        },
        ConformanceCase("transaction: a conflict caught inside leaves the transaction usable") { s in
            try s.insertAccount(Fixture.account("taken"))
            try s.transaction { view in
                try view.insertAccount(Fixture.account("first"))
                try expectConflict("caught duplicate") { try view.insertAccount(Fixture.account("taken")) }
                try view.insertAccount(Fixture.account("second"))
            }
            try expect(try s.account(id: "first") != nil && s.account(id: "second") != nil, "both committed")
        },
        ConformanceCase("transaction: composite operations work inside a transaction") { s in
            let grant = try Fixture.linked(s)
            try s.insertCode(Fixture.code("c", grant: grant))
            try s.transaction { view in
                try expectEqual(
                    try view.consumeCode(hash: "c", at: Fixture.time(5)).isConsumed, true, "consume")
                try expect(try view.revokeGrant(id: grant.id, at: Fixture.time(5)), "revokeGrant")
                try expect(try view.eraseAccount(id: "acct", at: Fixture.time(5)), "eraseAccount")
                try expect(try view.deleteClient(id: "google", at: Fixture.time(5)), "deleteClient")
            }
            try expectEqual(try s.account(id: "acct")?.status, .deleted, "committed erase")
            try expectNil(try s.client(id: "google"), "committed client deletion")
        },
    ]
}
