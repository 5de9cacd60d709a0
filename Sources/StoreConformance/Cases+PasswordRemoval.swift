import OAuthCore

extension StoreConformance {
    /// docs/sign-in.md, Adding Apple or Google to a signed-in account: a password dropped as a sign-in
    /// method is gone, for that account only.
    static let passwordRemovalCases: [ConformanceCase] = [
        ConformanceCase("credentials: password hash deleted, per account") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try s.setPasswordHash("$argon2id$v=19$a", accountID: "a")
            try s.setPasswordHash("$argon2id$v=19$b", accountID: "b")
            try expectEqual(try s.deletePasswordHash(accountID: "a"), true, "deleted")
            try expectNil(try s.passwordHash(accountID: "a"), "no hash left")
            try expectEqual(try s.deletePasswordHash(accountID: "a"), false, "already gone")
            try expectEqual(try s.passwordHash(accountID: "b"), "$argon2id$v=19$b", "other account untouched")
            try expectRollback {
                try s.transaction { tx in
                    _ = try tx.deletePasswordHash(accountID: "b")
                    throw Rollback()
                }
            }
            try expectEqual(try s.passwordHash(accountID: "b"), "$argon2id$v=19$b", "rolled back with its transaction")
        },
    ]
}
