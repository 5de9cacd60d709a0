import OAuthCore

extension StoreConformance {
    static let identityCases: [ConformanceCase] = [
        ConformanceCase("identities: insert, lookup by provider+subject, conflicts") { s in
            try s.insertAccount(Fixture.account("a"))
            let identity = Fixture.identity("i1", account: "a", subject: "001234.abcd")
            try s.insertIdentity(identity)
            try expectEqual(
                try s.identity(provider: .apple, subject: "001234.abcd"), identity, "identity lookup")
            try expectNil(try s.identity(provider: .google, subject: "001234.abcd"), "other provider")
            try expectConflict("same provider+subject") {
                try s.insertIdentity(Fixture.identity("i2", account: "a", subject: "001234.abcd"))
            }
            try expectConflict("same id") {
                try s.insertIdentity(Fixture.identity("i1", account: "a", subject: "x"))
            }
            try s.insertIdentity(
                Fixture.identity("i3", account: "a", provider: .google, subject: "001234.abcd"))
        },
        ConformanceCase("identities: identities(accountID:) by first sign-in, updateIdentity") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try s.insertIdentity(Fixture.identity("late", account: "a", at: 9))
            try s.insertIdentity(Fixture.identity("early", account: "a", provider: .google, at: 1))
            try s.insertIdentity(Fixture.identity("other", account: "b"))
            try expectEqual(
                try s.identities(accountID: "a").map(\.id), ["early", "late"], "identities(accountID:)")
            var identity = try s.identities(accountID: "a")[0]
            identity.email = nil
            identity.emailVerified = false
            identity.emailReachable = false
            identity.realUserStatus = nil
            identity.picture = "https://lh3.googleusercontent.com/a/photo=s96-c"
            identity.lastSignInAt = Fixture.time(1000)
            try s.updateIdentity(identity)
            try expectEqual(
                try s.identity(provider: .google, subject: "sub-early"), identity, "updated identity")
        },
        ConformanceCase("identities: deleteIdentity removes its third-party token only") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertIdentity(Fixture.identity("apple", account: "a"))
            try s.insertIdentity(Fixture.identity("google", account: "a", provider: .google))
            try s.saveThirdPartyToken(Fixture.thirdPartyToken(identity: "apple", account: "a"))
            try s.saveThirdPartyToken(Fixture.thirdPartyToken(identity: "google", account: "a"))
            try expect(try s.deleteIdentity(id: "apple"), "deleteIdentity returns true")
            try expectNil(try s.identity(provider: .apple, subject: "sub-apple"), "deleted identity")
            try expectEqual(
                try s.thirdPartyTokens(accountID: "a").map(\.identityID), ["google"], "tokens left")
            try expect(!(try s.deleteIdentity(id: "apple")), "second deleteIdentity is false")
        },
    ]

    static let credentialCases: [ConformanceCase] = [
        ConformanceCase("credentials: password hash set, replaced, per account") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try expectNil(try s.passwordHash(accountID: "a"), "no password yet")
            try s.setPasswordHash("$argon2id$v=19$one", accountID: "a")
            try s.setPasswordHash("$argon2id$v=19$two", accountID: "a")
            try expectEqual(try s.passwordHash(accountID: "a"), "$argon2id$v=19$two", "replaced hash")
            try expectNil(try s.passwordHash(accountID: "b"), "other account")
        },
        ConformanceCase("credentials: saveThirdPartyToken replaces the token of an identity") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertIdentity(Fixture.identity("z", account: "a"))
            try s.insertIdentity(Fixture.identity("m", account: "a", provider: .google))
            try s.saveThirdPartyToken(Fixture.thirdPartyToken(identity: "z", account: "a", bytes: [1]))
            let replacement = Fixture.thirdPartyToken(identity: "z", account: "a", bytes: [0, 255, 0])
            try s.saveThirdPartyToken(replacement)
            let other = Fixture.thirdPartyToken(identity: "m", account: "a", bytes: [])
            try s.saveThirdPartyToken(other)
            try expectEqual(
                try s.thirdPartyTokens(accountID: "a"), [other, replacement], "tokens by identity id")
            try expectEqual(try s.thirdPartyTokens(accountID: "b"), [], "other account")
        },
        ConformanceCase("credentials: pending revocations due at or before a time, update, delete") { s in
            for (id, due) in [("r3", 10), ("r1", -10), ("r2", 0)] {
                try s.insertPendingRevocation(Fixture.revocation(id, dueAt: due))
            }
            try expectEqual(
                try s.duePendingRevocations(at: Fixture.time(0)).map(\.id), ["r1", "r2"], "due at 0")
            var retried = try s.duePendingRevocations(at: Fixture.time(0))[0]
            retried.attempts = 3
            retried.lastError = "HTTP 503 from appleid.apple.com"
            retried.nextAttemptAt = Fixture.time(20)
            try s.updatePendingRevocation(retried)
            try expectEqual(
                try s.duePendingRevocations(at: Fixture.time(0)).map(\.id), ["r2"], "after update")
            try expectEqual(
                try s.duePendingRevocations(at: Fixture.time(20)),
                [
                    retried, Fixture.revocation("r2", dueAt: 0), Fixture.revocation("r3", dueAt: 10),
                ], "due at 20")
            try s.deletePendingRevocation(id: "r2")
            try expectEqual(
                try s.duePendingRevocations(at: Fixture.time(20)).map(\.id), ["r1", "r3"], "after delete")
        },
    ]
}
