import OAuthCore

extension StoreConformance {
    /// The admin API's audit query, filtered in the store (docs/operations.md, Admin API).
    static let auditQueryCases: [ConformanceCase] = [
        ConformanceCase("audit: events by account and after a time, newest first") { s in
            let events = [("e1", "a", 1), ("e2", "b", 2), ("e3", "a", 3), ("e4", nil, 4), ("e5", "a", 5)]
            for (id, account, second) in events {
                try s.appendAudit(AuditEvent(storedID: id, time: Fixture.time(second), kind: "k", accountID: account))
            }
            try expectEqual(try s.auditEvents(accountID: "a", after: nil, limit: 10).map(\.id), ["e5", "e3", "e1"],
                            "by account")
            try expectEqual(try s.auditEvents(accountID: "a", after: Fixture.time(3), limit: 10).map(\.id), ["e5"],
                            "strictly after")
            try expectEqual(try s.auditEvents(accountID: nil, after: Fixture.time(1), limit: 2).map(\.id), ["e5", "e4"],
                            "limit")
            try expectEqual(try s.auditEvents(accountID: "nobody", after: nil, limit: 10).map(\.id), [], "none")
        },
    ]
}
