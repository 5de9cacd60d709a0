import OAuthCore

extension StoreConformance {
    static let inboundCases: [ConformanceCase] = [
        ConformanceCase("inbound marks: move only forward, per provider, subject and effect") { s in
            let mark = { (subject: String, effect: String, second: Int) in
                try s.advanceInboundMark(provider: .apple, subject: subject, effect: effect, to: Fixture.time(second))
            }
            try expect(try mark("a", "reach", 10), "first event")
            try expect(!(try mark("a", "reach", 9)), "an older event is refused")
            try expect(try mark("a", "reach", 10), "the same time again is not older")
            try expect(try mark("a", "reach", 11), "a newer event")
            try expect(!(try mark("a", "reach", 10)), "the mark moved to 11")
            try expect(try mark("a", "other", 1), "another effect has its own mark")
            try expect(try mark("b", "reach", 1), "another subject has its own mark")
            try expect(try s.advanceInboundMark(provider: .google, subject: "a", effect: "reach", to: Fixture.time(1)),
                       "another provider has its own mark")
        },
        ConformanceCase("inbound marks: a mark set in a rolled-back transaction is gone") { s in
            struct Rollback: Error {}
            do {
                try s.transaction { tx in
                    _ = try tx.advanceInboundMark(provider: .google, subject: "g", effect: "hold", to: Fixture.time(50))
                    throw Rollback()
                }
            } catch is Rollback {}
            try expect(try s.advanceInboundMark(provider: .google, subject: "g", effect: "hold", to: Fixture.time(5)),
                       "the rolled-back mark left nothing")
        },
        ConformanceCase("sessions: delete an account's sessions created up to a time") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            var newer = Fixture.session("new", account: "a")
            newer.createdAt = Fixture.time(20)
            try s.insertSession(Fixture.session("old", account: "a"))  // created at second 1
            try s.insertSession(newer)
            try s.insertSession(Fixture.session("other", account: "b"))
            try s.deleteSessions(accountID: "a", createdUpTo: Fixture.time(19))
            try expectNil(try s.session(hash: "old"), "the older session")
            try expectEqual(try s.session(hash: "new"), newer, "a session created after the cutoff stays")
            try s.deleteSessions(accountID: "a", createdUpTo: Fixture.time(20))
            try expectNil(try s.session(hash: "new"), "a session created at the cutoff")
            try expect(try s.session(hash: "other") != nil, "another account's session stays")
        },
    ]
}
