import OAuthCore

extension StoreConformance {
    static let accountCases: [ConformanceCase] = [
        ConformanceCase("accounts: insert, read, update, duplicate id conflicts") { s in
            var account = Fixture.account("a1")
            try s.insertAccount(account)
            try expectEqual(try s.account(id: "a1"), account, "account(id:)")
            try expectNil(try s.account(id: "a2"), "missing account")
            try expectConflict("duplicate account id") {
                try s.insertAccount(Fixture.account("a1", email: "x@y.z"))
            }
            account.status = .disabled
            account.email = nil
            account.emailVerified = false
            account.displayName = nil
            try s.updateAccount(account)
            try expectEqual(try s.account(id: "a1"), account, "updated account")
        },
        ConformanceCase("accounts: listAccounts is oldest first without deleted accounts") { s in
            // Inserted in creation order (the memory reference keeps insertion order); ties keep it too.
            try s.insertAccount(Fixture.account("old", at: 1))
            var gone = Fixture.account("gone", at: 2)
            gone.status = .deleted
            try s.insertAccount(gone)
            try s.insertAccount(Fixture.account("mid", at: 2))
            try s.insertAccount(Fixture.account("new", at: 3))
            try expectEqual(try s.listAccounts().map(\.id), ["old", "mid", "new"], "listAccounts")
        },
        ConformanceCase("accounts: account(email:) is case-insensitive and ignores deleted accounts") { s in
            var gone = Fixture.account("gone", email: "Zoë.Person@Example.COM", at: 1)
            gone.status = .deleted
            try s.insertAccount(gone)
            try s.insertAccount(Fixture.account("live", email: "zoë.person@example.com", at: 2))
            try s.insertAccount(
                Account(
                    id: "noemail", email: nil, emailVerified: false, displayName: nil,
                    createdAt: Fixture.time(3)))
            try expectEqual(try s.account(email: "ZOË.PERSON@example.com")?.id, "live", "account(email:)")
            try expectNil(try s.account(email: "other@example.com"), "unknown email")
            var live = try s.account(id: "live")!
            live.status = .deleted
            try s.updateAccount(live)
            try expectNil(try s.account(email: "zoë.person@example.com"), "email of deleted accounts")
        },
        ConformanceCase("accounts: eraseAccount erases everything personal and revokes every grant") { s in
            let grant = try Fixture.linked(s, account: "erased")
            try Fixture.linked(s, account: "kept", grant: "kept-grant")
            try seedPersonalData(s, account: "erased", prefix: "e")
            try seedPersonalData(s, account: "kept", prefix: "k")
            try s.insertCode(Fixture.code("code", grant: grant))
            try s.insertToken(Fixture.token("access", .access, grant: grant))
            try s.insertToken(Fixture.token("refresh", .refresh, grant: grant, expiresAt: nil))
            try s.insertPendingRevocation(Fixture.revocation("rev", dueAt: 0))

            try expect(try s.eraseAccount(id: "erased", at: Fixture.time(500)), "eraseAccount returns true")
            let erased = try s.account(id: "erased")
            try expectEqual(erased?.status, .deleted, "status")
            try expectNil(erased?.email ?? nil, "erased email")
            try expectNil(erased?.displayName ?? nil, "erased name")
            try expectEqual(erased?.emailVerified, false, "emailVerified")
            try expectEqual(try s.identities(accountID: "erased"), [], "identities")
            try expectNil(try s.identity(provider: .apple, subject: "sub-e-apple"), "identity by subject")
            try expectNil(try s.passwordHash(accountID: "erased"), "password")
            try expectEqual(try s.thirdPartyTokens(accountID: "erased"), [], "third-party tokens")
            try expectNil(try s.session(hash: "e-session"), "session")
            try expectEqual(try s.activeGrants(accountID: "erased"), [], "active grants")
            try expectEqual(try s.grant(id: "grant")?.revokedAt, Fixture.time(500), "grant revokedAt")
            try expectEqual(try s.token(hash: "access")?.revokedAt, Fixture.time(500), "access token")
            try expectEqual(try s.token(hash: "refresh")?.revokedAt, Fixture.time(500), "refresh token")
            try expectEqual(
                try s.consumeCode(hash: "code", at: Fixture.time(501)).isAlreadyUsed, true, "code")
            try expectNil(try s.account(email: "erased@example.com"), "account(email:)")
            try expectEqual(try s.listAccounts().map(\.id), ["kept"], "listAccounts")
            try expectEqual(
                try s.duePendingRevocations(at: Fixture.time(0)).map(\.id), ["rev"],
                "pending revocations stay")
            try expect(
                !(try s.eraseAccount(id: "erased", at: Fixture.time(600))), "second eraseAccount is false")
            try expect(
                !(try s.eraseAccount(id: "nobody", at: Fixture.time(600))),
                "eraseAccount of a missing account")
            try expectKept(s, account: "kept", prefix: "k")
        },
    ]

    /// Two identities (one with a third-party token), a password and a session for `account`.
    static func seedPersonalData(_ s: any Storage, account: String, prefix: String) throws {
        try s.insertIdentity(Fixture.identity("\(prefix)-apple", account: account))
        try s.insertIdentity(
            Fixture.identity(
                "\(prefix)-pw", account: account, provider: .password,
                subject: "\(account)@example.com", at: 1))
        try s.saveThirdPartyToken(Fixture.thirdPartyToken(identity: "\(prefix)-apple", account: account))
        try s.setPasswordHash("$argon2id$\(prefix)", accountID: account)
        try s.insertSession(Fixture.session("\(prefix)-session", account: account))
    }

    static func expectKept(_ s: any Storage, account: String, prefix: String) throws {
        try expectEqual(try s.account(id: account)?.status, .active, "untouched account")
        try expectEqual(try s.identities(accountID: account).count, 2, "untouched identities")
        try expectEqual(try s.thirdPartyTokens(accountID: account).count, 1, "untouched third-party token")
        try expectEqual(try s.passwordHash(accountID: account), "$argon2id$\(prefix)", "untouched password")
        try expect(try s.session(hash: "\(prefix)-session") != nil, "untouched session")
        try expectEqual(try s.activeGrants(accountID: account).count, 1, "untouched grant")
    }
}

extension CodeConsumption {
    var isAlreadyUsed: Bool { if case .alreadyUsed = self { true } else { false } }
}
