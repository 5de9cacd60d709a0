import OAuthCore

/// Emails compared as a mailbox compares them (`Account.emailKey`: NFKC, case folded), one live
/// account per folded email (SQL migration 14's unique index), and one-time tokens looked at
/// before any slow work (docs/accounts-and-email.md).
extension StoreConformance {
    static let foldedEmailCases: [ConformanceCase] = [
        ConformanceCase("emails: a fullwidth or case-folded copy finds the account; the address stays as given") { s in
            try s.insertAccount(Fixture.account("v", email: "victim@example.com"))
            for copy in ["\u{FF56}ictim@example.com", "VICTIM@EXAMPLE.COM", "\u{FF36}ICTIM@example.com"] {
                try expectEqual(try s.account(email: copy)?.id, "v", "lookup by \(copy)")
            }
            try s.insertAccount(Fixture.account("s", email: "stra\u{DF}e@example.com"))
            try expectEqual(try s.account(email: "STRASSE@example.com")?.id, "s", "ß folds to ss")
            try expectEqual(try s.account(id: "s")?.email, "stra\u{DF}e@example.com", "kept as given")
        },
        ConformanceCase("emails: a second live account with the same folded email is a conflict") { s in
            try s.insertAccount(Fixture.account("first", email: "victim@example.com"))
            try expectConflict("fullwidth copy") {
                try s.insertAccount(Fixture.account("copy", email: "\u{FF56}ictim@example.com", at: 1))
            }
            try s.insertAccount(Fixture.account("other", email: "other@example.com", at: 2))
            var moved = try s.account(id: "other")!
            moved.email = "Victim@example.com"
            try expectConflict("an update onto a taken email") { try s.updateAccount(moved) }
            try expectEqual(try s.account(email: "victim@example.com")?.id, "first", "the first keeps it")
            try expect(try s.eraseAccount(id: "first", at: Fixture.time(3)), "erased")
            try s.insertAccount(Fixture.account("copy", email: "\u{FF56}ictim@example.com", at: 4))
            try expectEqual(try s.account(email: "victim@example.com")?.id, "copy", "an erased account frees it")
        },
        ConformanceCase("one-time tokens: looked at without being used") { s in
            try s.insertAccount(Fixture.account("a"))
            var token = oneTimeToken("peek", account: "a", purpose: .resetPassword)
            token.passwordHash = "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA"
            try s.insertOneTimeToken(token)
            try expectEqual(try s.oneTimeToken(hash: "peek"), token, "round trip, with the pending password hash")
            try expectNil(try s.oneTimeToken(hash: "unknown"), "unknown hash")
            try expectEqual(try s.oneTimeToken(hash: "peek")?.usedAt, nil, "unused")
            guard case .consumed = try s.consumeOneTimeToken(hash: "peek", at: Fixture.time(5)) else {
                throw ConformanceFailure("a look must not use the token")
            }
            try expectEqual(try s.oneTimeToken(hash: "peek")?.usedAt, Fixture.time(5), "used after consuming")
        },
    ]
}
