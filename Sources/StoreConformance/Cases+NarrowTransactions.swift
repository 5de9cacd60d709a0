import Identity
import Mail
import OAuthCore

/// A flow works on the narrow store it names (Sources/OAuthCore/Storage/Transacting.swift): its
/// transaction's view is that same composition, and it is one real transaction of the store beneath,
/// across the records of OAuthCore (accounts, audit) and of Mail (the outbox) alike.
extension StoreConformance {
    /// As a flow names its store (e.g. Identity's `SignUpFlow.Store`).
    typealias NarrowStore = AccountStore & OutboxStore & AuditStore & Transacting

    static let narrowTransactionCases: [ConformanceCase] = [
        ConformanceCase("transaction: a narrow store's view commits its writes to every record") { s in
            let narrow: any NarrowStore = s
            try narrow.transaction { (view: any NarrowStore) in
                try writeAll(view, suffix: "1")
                // A transaction begun on the view joins the one it is in.
                try view.transaction { inner in try inner.insertAccount(Fixture.account("joined-1")) }
            }
            try expect(try s.account(id: "narrow-1") != nil && s.account(id: "joined-1") != nil, "accounts committed")
            try expectEqual(try s.mail(id: "mail-1")?.id, "mail-1", "mail committed")
            try expectEqual(try s.auditEvents(limit: 10).map(\.id), ["audit-1"], "audit committed")
        },
        ConformanceCase("transaction: a throw in a narrow store's view rolls back every record") { s in
            let narrow: any NarrowStore = s
            try expectRollback {
                try narrow.transaction { view in
                    try writeAll(view, suffix: "2")
                    try view.transaction { inner in try inner.insertAccount(Fixture.account("joined-2")) }
                    throw Rollback()
                }
            }
            try expectNil(try s.account(id: "narrow-2"), "account rolled back")
            try expectNil(try s.account(id: "joined-2"), "joined transaction's account rolled back")
            try expectNil(try s.mail(id: "mail-2"), "mail rolled back")
            try expectEqual(try s.auditEvents(limit: 10), [], "audit rolled back")
        },
    ]

    private static func writeAll(_ view: any NarrowStore, suffix: String) throws {
        try view.insertAccount(Fixture.account("narrow-" + suffix))
        var mail = outboxMail("mail-" + suffix)
        mail.accountID = "narrow-" + suffix
        try view.insertMail(mail)
        try view.appendAudit(AuditEvent(storedID: "audit-" + suffix, time: Fixture.time(5), kind: "x"))
    }
}
