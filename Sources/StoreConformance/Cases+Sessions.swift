import OAuthCore

extension StoreConformance {
    static let sessionCases: [ConformanceCase] = [
        ConformanceCase("sessions: insert, read, delete one, delete all of an account") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertAccount(Fixture.account("b"))
            let session = Fixture.session("s1", account: "a")
            try s.insertSession(session)
            try s.insertSession(Fixture.session("s2", account: "a"))
            try s.insertSession(Fixture.session("s3", account: "b"))
            try expectEqual(try s.session(hash: "s1"), session, "session(hash:)")
            try s.deleteSession(hash: "s1")
            try expectNil(try s.session(hash: "s1"), "deleted session")
            try s.deleteSession(hash: "never-there")
            try s.deleteSessions(accountID: "a")
            try expectNil(try s.session(hash: "s2"), "sessions of a")
            try expect(try s.session(hash: "s3") != nil, "session of b stays")
        },
        ConformanceCase("interactions: insert, read, update, delete") { s in
            try s.insertAccount(Fixture.account("a"))
            var interaction = Fixture.interaction("i")
            try s.insertInteraction(interaction)
            try expectEqual(try s.interaction(id: "i"), interaction, "interaction(id:)")
            interaction.accountID = "a"
            interaction.request = Array("{\"scope\":\"openid devices\"}".utf8)
            try s.updateInteraction(interaction)
            try expectEqual(try s.interaction(id: "i"), interaction, "updated interaction")
            try s.deleteInteraction(id: "i")
            try expectNil(try s.interaction(id: "i"), "deleted interaction")
            try s.deleteInteraction(id: "i")
        },
    ]

    static let keyAndLogCases: [ConformanceCase] = [
        ConformanceCase("signing keys: newest first, kid conflicts, update") { s in
            try expectEqual(try s.signingKeys(), [], "no keys")
            for (kid, time) in [("k2", 20), ("k1", 10), ("k3", 30)] {
                try s.insertSigningKey(Fixture.signingKey(kid, at: time))
            }
            try expectEqual(try s.signingKeys().map(\.kid), ["k3", "k2", "k1"], "signingKeys order")
            try expectConflict("duplicate kid") { try s.insertSigningKey(Fixture.signingKey("k1", at: 40)) }
            var retired = Fixture.signingKey("k2", at: 20)
            retired.retiredAt = Fixture.time(30)
            retired.removeAfter = Fixture.time(90)
            try s.updateSigningKey(retired)
            try expectEqual(try s.signingKeys()[1], retired, "updated key")
        },
        ConformanceCase("notifications: a jti is new once, then a replay") { s in
            try expect(try s.recordNotification(jti: "jti-1", at: Fixture.time(1)), "first jti-1")
            try expect(!(try s.recordNotification(jti: "jti-1", at: Fixture.time(2))), "replayed jti-1")
            try expect(try s.recordNotification(jti: "jti-2", at: Fixture.time(2)), "first jti-2")
        },
        ConformanceCase("audit: newest first, limited, same-second events by insertion") { s in
            let events = (0..<5).map { i in
                AuditEvent(
                    storedID: "e\(i)", time: Fixture.time(i / 2), kind: "grant.revoked",
                    accountID: i == 0 ? nil : "a", clientID: i == 1 ? nil : "google",
                    detail: i == 2 ? "" : "#\(i)")
            }
            for event in events { try s.appendAudit(event) }
            try expectEqual(try s.auditEvents(limit: 3), Array(events.reversed().prefix(3)), "limit 3")
            try expectEqual(try s.auditEvents(limit: 100), events.reversed(), "all")
            try expectEqual(try s.auditEvents(limit: 0), [], "limit 0")
        },
        ConformanceCase("ping: answers on a healthy store") { s in
            try s.ping()
        },
    ]
}
