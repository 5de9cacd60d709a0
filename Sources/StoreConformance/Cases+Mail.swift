import Mail
import OAuthCore

extension StoreConformance {
    static func oneTimeToken(_ hash: String, account: String, purpose: OneTimeToken.Purpose = .verifyEmail)
        -> OneTimeToken
    {
        OneTimeToken(hash: hash, purpose: purpose, accountID: account, email: "\(account)@example.com",
                     createdAt: Fixture.time(0), expiresAt: Fixture.time(3600))
    }

    static func outboxMail(_ id: String, at seconds: Int = 0) -> OutboxMail {
        OutboxMail(id: id, kind: "verify-email", accountID: "a", recipient: "ä\(id)@example.com",
                   subject: "Bestätigen \(id)", textBody: "Text \(id)\nline 2", htmlBody: "<p>\(id) &amp; ü</p>",
                   nextAttemptAt: Fixture.time(seconds), createdAt: Fixture.time(seconds))
    }

    static let mailCases: [ConformanceCase] = [
        ConformanceCase("one-time tokens: purged once expired, used or not") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertOneTimeToken(oneTimeToken("old", account: "a"))
            var fresh = oneTimeToken("fresh", account: "a")
            fresh.expiresAt = Fixture.time(7200)
            try s.insertOneTimeToken(fresh)
            try expectEqual(try s.purgeExpired(before: Fixture.time(3601)), 1, "purged")
            try expectEqual(try s.consumeOneTimeToken(hash: "old", at: Fixture.time(3601)), .notFound, "old token")
            guard case .consumed = try s.consumeOneTimeToken(hash: "fresh", at: Fixture.time(3601)) else {
                throw ConformanceFailure("the fresh token must stay")
            }
        },
        ConformanceCase("erasing an account removes its one-time tokens and mails, not other accounts'") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try s.insertOneTimeToken(oneTimeToken("ta", account: "a"))
            try s.insertOneTimeToken(oneTimeToken("tb", account: "b"))
            try s.insertMail(outboxMail("ma"))
            var other = outboxMail("mb")
            other.accountID = "b"
            try s.insertMail(other)
            try expect(try s.eraseAccount(id: "a", at: Fixture.time(9)), "erased")
            try expectEqual(try s.consumeOneTimeToken(hash: "ta", at: Fixture.time(10)), .notFound, "a's token")
            try expectEqual(try s.listMail().map(\.id), ["mb"], "mails left")
            guard case .consumed = try s.consumeOneTimeToken(hash: "tb", at: Fixture.time(10)) else {
                throw ConformanceFailure("b's token must stay")
            }
        },
        ConformanceCase("one-time tokens: consumed once, then already used, unknown not found") { s in
            try s.insertAccount(Fixture.account("a"))
            let token = oneTimeToken("h1", account: "a")
            try s.insertOneTimeToken(token)
            try expectConflict("duplicate hash") { try s.insertOneTimeToken(token) }
            var used = token
            used.usedAt = Fixture.time(10)
            try expectEqual(try s.consumeOneTimeToken(hash: "h1", at: Fixture.time(10)), .consumed(used), "first use")
            try expectEqual(try s.consumeOneTimeToken(hash: "h1", at: Fixture.time(11)), .alreadyUsed(used), "reuse")
            try expectEqual(try s.consumeOneTimeToken(hash: "nope", at: Fixture.time(11)), .notFound, "unknown")
        },
        ConformanceCase("one-time tokens: invalidating marks only that account's open tokens of that purpose") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            try s.insertOneTimeToken(oneTimeToken("r1", account: "a", purpose: .resetPassword))
            try s.insertOneTimeToken(oneTimeToken("r2", account: "a", purpose: .resetPassword))
            try s.insertOneTimeToken(oneTimeToken("v1", account: "a", purpose: .verifyEmail))
            try s.insertOneTimeToken(oneTimeToken("r3", account: "b", purpose: .resetPassword))
            _ = try s.consumeOneTimeToken(hash: "r2", at: Fixture.time(5))
            try expectEqual(try s.invalidateOneTimeTokens(accountID: "a", purpose: .resetPassword, at: Fixture.time(9)), 1,
                            "invalidated")
            guard case .alreadyUsed = try s.consumeOneTimeToken(hash: "r1", at: Fixture.time(10)) else {
                throw ConformanceFailure("r1 should be used")
            }
            guard case .consumed = try s.consumeOneTimeToken(hash: "v1", at: Fixture.time(10)) else {
                throw ConformanceFailure("v1 is another purpose")
            }
            guard case .consumed = try s.consumeOneTimeToken(hash: "r3", at: Fixture.time(10)) else {
                throw ConformanceFailure("r3 is another account's")
            }
        },
        ConformanceCase("one-time tokens: voiding several purposes marks that account's open ones only, read back") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            for (hash, purpose) in [("r1", OneTimeToken.Purpose.resetPassword), ("c1", .changeEmail), ("v1", .verifyEmail),
                                    ("x1", .cancelEmailChange)] {
                try s.insertOneTimeToken(oneTimeToken(hash, account: "a", purpose: purpose))
            }
            try s.insertOneTimeToken(oneTimeToken("r2", account: "b", purpose: .resetPassword))
            _ = try s.consumeOneTimeToken(hash: "v1", at: Fixture.time(5))
            try expectEqual(try s.invalidateOneTimeTokens(accountID: "a", purposes: [.resetPassword, .changeEmail, .verifyEmail],
                                                          at: Fixture.time(9)), 2, "voided")
            try expectEqual(try s.invalidateOneTimeTokens(accountID: "a", purposes: [], at: Fixture.time(9)), 0, "none")
            try expectEqual(try s.oneTimeToken(hash: "r1")?.usedAt, Fixture.time(9), "r1 voided")
            try expectEqual(try s.oneTimeToken(hash: "c1")?.usedAt, Fixture.time(9), "c1 voided")
            try expectEqual(try s.oneTimeToken(hash: "v1")?.usedAt, Fixture.time(5), "v1 keeps its first use")
            try expectEqual(try s.oneTimeToken(hash: "x1"), oneTimeToken("x1", account: "a", purpose: .cancelEmailChange),
                            "another purpose stays open, read back exactly")
            try expectNil(try s.oneTimeToken(hash: "r2")?.usedAt, "another account's stays open")
            try expectNil(try s.oneTimeToken(hash: "none"), "unknown")
        },
        ConformanceCase("accounts: the self-service mark is stored, updated and read back") { s in
            var account = Fixture.account("a")
            account.selfService = true
            try s.insertAccount(account)
            try expectEqual(try s.account(id: "a"), account, "inserted")
            try expectEqual(try s.account(email: account.email ?? ""), account, "by email")
            account.selfService = false
            account.emailVerified = true
            try s.updateAccount(account)
            try expectEqual(try s.account(id: "a"), account, "updated")
        },
        ConformanceCase("outbox: insert, read back exactly, oldest first, due ones only") { s in
            let first = outboxMail("m1", at: 0)
            var second = outboxMail("m2", at: 0)
            second.accountID = nil
            var sent = outboxMail("m3", at: 1)
            sent.status = .sent
            sent.sentAt = Fixture.time(2)
            sent.lastOutcome = "250 OK"
            for mail in [first, second, sent, outboxMail("m4", at: 50)] { try s.insertMail(mail) }
            try expectConflict("duplicate id") { try s.insertMail(first) }
            try expectEqual(try s.mail(id: "m3"), sent, "mail(id:)")
            try expectEqual(try s.listMail().map(\.id), ["m1", "m2", "m3", "m4"], "listMail order")
            try expectEqual(try s.dueMail(at: Fixture.time(10), limit: 10).map(\.id), ["m1", "m2"], "due")
            try expectEqual(try s.dueMail(at: Fixture.time(60), limit: 2).map(\.id), ["m1", "m2"], "limit")
            try expectNil(try s.mail(id: "none"), "unknown mail")
        },
        ConformanceCase("outbox: compare-and-set update succeeds once for concurrent claimers") { s in
            let mail = outboxMail("m1")
            try s.insertMail(mail)
            var claimed = mail
            claimed.status = .sending
            claimed.attempts = 1
            claimed.nextAttemptAt = Fixture.time(120)
            try expect(try s.updateMail(claimed, ifUnchangedFrom: mail), "first claim")
            try expect(!(try s.updateMail(claimed, ifUnchangedFrom: mail)), "second claim with a stale view")
            var done = claimed
            done.status = .sent
            done.sentAt = Fixture.time(3)
            done.lastOutcome = "250 2.0.0 queued"
            try expect(try s.updateMail(done, ifUnchangedFrom: claimed), "result")
            try expectEqual(try s.mail(id: "m1"), done, "stored result")
            try expectEqual(try s.dueMail(at: Fixture.time(500), limit: 5), [], "sent is never due")
            let (reclaim, finished) = (claimed, done)
            let results = try race { _ in try s.updateMail(reclaim, ifUnchangedFrom: finished) }
            try expectEqual(results.filter { $0 }.count, 1, "racing claimers that won")
            try s.insertAccount(Fixture.account("a"))
            try s.insertOneTimeToken(oneTimeToken("raced", account: "a"))
            let uses = try race { i in try s.consumeOneTimeToken(hash: "raced", at: Fixture.time(i)) }
            try expectEqual(uses.filter { if case .consumed = $0 { true } else { false } }.count, 1, "token winners")
        },
    ]
}
