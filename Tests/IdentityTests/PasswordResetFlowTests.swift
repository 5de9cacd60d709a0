import Foundation
import OAuthCore
import StoreMemory
import Support
import Testing
@testable import Identity

@Suite struct PasswordResetFlowTests {
    /// An account with a web session, a grant to the maker's app and one to Google.
    func seeded(_ h: FlowHarness) throws -> String {
        guard case .created(let account) = try h.signUp("reset@example.com") else { throw Harness.Failure() }
        let now = h.clock.now()
        try h.storage.insertSession(Session(hash: "s1", accountID: account.id, csrfSecret: [1], authTime: now,
                                            createdAt: now, expiresAt: now + 3600))
        try h.storage.insertClient(Client(id: "app", name: "App", secretHash: nil, redirectURIs: [], firstParty: true,
                                          createdAt: now))
        try h.storage.insertClient(Client(id: "google", name: "Google", secretHash: "h", redirectURIs: [], createdAt: now))
        try h.storage.insertGrant(Grant(id: "g-app", accountID: account.id, clientID: "app", scope: ["openid"], createdAt: now))
        try h.storage.insertGrant(Grant(id: "g-google", accountID: account.id, clientID: "google", scope: ["devices"],
                                        createdAt: now))
        return account.id
    }

    func request(_ h: FlowHarness, _ email: String, address: String = "192.0.2.9") throws {
        try PasswordResetFlow(context: h.context).request(email: email, locale: "en", clientAddress: address)
    }

    @Test func resetEndsFirstPartySignInsKeepsGoogleAndClearsTheThrottle() throws {
        let h = FlowHarness()
        let accountID = try seeded(h)
        let key = [LoginThrottle.accountKey("reset@example.com")]
        for _ in 0..<9 { _ = try h.loginThrottle.take(key, at: h.clock.now(), in: h.storage) }
        #expect(try !h.loginThrottle.take(key, at: h.clock.now(), in: h.storage))
        try request(h, "Reset@Example.com")
        let token = try h.token("password-reset", to: "reset@example.com")
        #expect(try PasswordResetFlow(context: h.context).reset(token: token, newPassword: "brand new passphrase",
                                                                locale: nil).accountID == accountID)
        #expect(try h.storage.session(hash: "s1") == nil)
        #expect(try h.storage.activeGrants(accountID: accountID).map(\.id) == ["g-google"])
        #expect(try h.loginThrottle.take(key, at: h.clock.now(), in: h.storage))
        let stored = try #require(try h.storage.passwordHash(accountID: accountID))
        #expect(h.context.hasher.verify("brand new passphrase", hash: stored))
        #expect(try h.storage.listMail().last?.kind == "password-changed")
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try PasswordResetFlow(context: h.context).reset(token: token, newPassword: "third passphrase!", locale: nil)
        }
        let kinds = try h.storage.auditEvents(limit: 20).map(\.kind)
        #expect(kinds.contains("password.reset") && kinds.contains("password.reset-requested"))
    }

    @Test func linkLastsOneHourAndAWeakPasswordDoesNotUseItUp() throws {
        let h = FlowHarness()
        _ = try seeded(h)
        try request(h, "reset@example.com")
        let token = try h.token("password-reset", to: "reset@example.com")
        let flow = PasswordResetFlow(context: h.context)
        #expect(throws: PasswordResetFlow.Failure.password(.common)) {
            try flow.reset(token: token, newPassword: "iloveyou", locale: nil)
        }
        #expect(throws: PasswordResetFlow.Failure.password(.equalsEmail)) {
            try flow.reset(token: token, newPassword: "Reset@Example.com", locale: nil)
        }
        h.clock.advance(by: 3601)
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try flow.reset(token: token, newPassword: "brand new passphrase", locale: nil)
        }
    }

    @Test func otherPurposesAndOlderLinksAreRefused() throws {
        let h = FlowHarness()
        _ = try seeded(h)
        let verify = try h.token("verify-email", to: "reset@example.com")
        let flow = PasswordResetFlow(context: h.context)
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try flow.reset(token: verify, newPassword: "brand new passphrase", locale: nil)
        }
        try request(h, "reset@example.com")
        let older = try h.token("password-reset", to: "reset@example.com")
        try request(h, "reset@example.com")
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try flow.reset(token: older, newPassword: "brand new passphrase", locale: nil)
        }
    }

    @Test func sameAnswerForUnknownEmailsAndThrottles() throws {
        let h = FlowHarness()
        _ = try seeded(h)
        let before = try h.storage.listMail().count
        try request(h, "nobody@example.com")
        try request(h, "not an email")
        #expect(try h.storage.listMail().count == before)
        // Per email: the sixth request in a row returns normally but sends nothing.
        for i in 0..<6 { try request(h, "reset@example.com", address: "203.0.113.\(i)") }
        #expect(try h.storage.listMail().filter { $0.kind == "password-reset" }.count == 5)
        // Per client address: refused outright (that reveals nothing about any email).
        for _ in 0..<5 { try request(h, "x@example.com", address: "192.0.2.77") }
        #expect(throws: PasswordResetFlow.Failure.throttled) { try request(h, "y@example.com", address: "192.0.2.77") }
    }

    @Test func changeNeedsTheCurrentPasswordAndOperatorSetEndsSignIns() throws {
        let h = FlowHarness()
        let accountID = try seeded(h)
        let change = PasswordChangeFlow(context: h.context)
        #expect(throws: PasswordChangeFlow.Failure.wrongCurrentPassword) {
            try change.change(accountID: accountID, currentPassword: "wrong", newPassword: "brand new passphrase",
                              locale: nil)
        }
        // The asking session stays; every other session and app sign-in ends (PasswordChangeFlow).
        let asking = try #require(try h.storage.session(hash: "s1"))
        let now = h.clock.now()
        try h.storage.insertSession(Session(hash: "s2", accountID: accountID, csrfSecret: [2], authTime: now,
                                            createdAt: now, expiresAt: now + 3600))
        try change.change(accountID: accountID, currentPassword: "a long enough passphrase",
                          newPassword: "brand new passphrase", locale: nil, keepingSession: asking)
        #expect(try h.storage.session(hash: "s1") == asking)
        #expect(try h.storage.session(hash: "s2") == nil)
        #expect(try h.storage.activeGrants(accountID: accountID).map(\.id) == ["g-google"])
        #expect(try h.storage.auditEvents(limit: 5).map(\.kind).contains("password.changed"))
        try change.setByOperator(accountID: accountID, newPassword: "operator passphrase")
        #expect(try h.storage.session(hash: "s1") == nil)
        #expect(try h.storage.activeGrants(accountID: accountID).map(\.id) == ["g-google"])
        #expect(try AccountStatusFlow(context: h.context).setDisabled(true, accountID: accountID))
        #expect(try h.storage.account(id: accountID)?.status == .disabled)
        #expect(try AccountStatusFlow(context: h.context).setDisabled(false, accountID: accountID))
        #expect(try !AccountStatusFlow(context: h.context).setDisabled(false, accountID: "acc_none"))
    }
}
