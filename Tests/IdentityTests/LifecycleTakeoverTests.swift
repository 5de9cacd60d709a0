import Foundation
import OAuthCore
import StoreMemory
import Support
import Testing
@testable import Identity

/// Each takeover through the account's own lifecycle (docs/accounts-and-email.md, "Taking over an
/// account through its lifecycle"), performed against the flows: it must fail.
@Suite struct LifecycleTakeoverTests {
    static let ownerPassword = "the owner's long passphrase"

    /// A proven account with a web session "s-owner", a first-party app grant and a Google grant.
    func provenOwner(_ h: FlowHarness, _ email: String = "owner@example.com") throws -> String {
        guard case .created(let account) = try h.signUp(email, Self.ownerPassword) else { throw Harness.Failure() }
        _ = try EmailVerificationFlow(context: h.context).confirm(token: try h.token("verify-email", to: email))
        let now = h.clock.now()
        try h.storage.insertSession(Session(hash: "s-owner", accountID: account.id, csrfSecret: [1], authTime: now,
                                            createdAt: now, expiresAt: now + 86400))
        try h.storage.insertClient(Client(id: "app", name: "App", secretHash: nil, redirectURIs: [], firstParty: true,
                                          createdAt: now))
        try h.storage.insertGrant(Grant(id: "g-app", accountID: account.id, clientID: "app", scope: ["openid"],
                                        createdAt: now))
        return account.id
    }

    /// The attacker, holding a session for a moment, asks to move the email to their own address.
    func attackerAsksForChange(_ h: FlowHarness, _ accountID: String) throws -> String {
        try EmailChangeFlow(context: h.context).request(accountID: accountID, newEmail: "attacker@example.net",
                                                        currentPassword: nil, signedInAt: h.clock.now(), locale: nil)
        return try h.token("confirm-new-email", to: "attacker@example.net")
    }

    @Test func aPendingEmailChangeDiesWhenTheOwnerResets() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        let change = try attackerAsksForChange(h, accountID)
        try PasswordResetFlow(context: h.context).request(email: "owner@example.com", locale: nil, clientAddress: nil)
        _ = try PasswordResetFlow(context: h.context).reset(token: try h.token("password-reset", to: "owner@example.com"),
                                                            newPassword: "a fresh owner passphrase", locale: nil)
        #expect(throws: EmailVerificationFlow.Failure.invalidLink) {
            try EmailVerificationFlow(context: h.context).confirm(token: change)
        }
        #expect(try h.storage.account(id: accountID)?.email == "owner@example.com")
    }

    @Test func aPendingEmailChangeDiesWithSignOutEverywhereAPasswordChangeAndADisable() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        let voiders: [() throws -> Void] = [
            { try SignOutEverywhereFlow(context: h.context).run(accountID: accountID) },
            { try PasswordChangeFlow(context: h.context).change(accountID: accountID, currentPassword: Self.ownerPassword,
                                                                newPassword: Self.ownerPassword + "!", locale: nil) },
            { _ = try AccountStatusFlow(context: h.context).setDisabled(true, accountID: accountID) },
        ]
        for (index, void) in voiders.enumerated() {
            if index == 1 { h.clock.advance(by: 1) }
            let change = try attackerAsksForChange(h, accountID)
            try void()
            #expect(throws: EmailVerificationFlow.Failure.invalidLink, "voider \(index)") {
                try EmailVerificationFlow(context: h.context).confirm(token: change)
            }
        }
    }

    @Test func aResetLinkMailedToTheOldAddressDiesAfterTheEmailChanged() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        try PasswordResetFlow(context: h.context).request(email: "owner@example.com", locale: nil, clientAddress: nil)
        let oldReset = try h.token("password-reset", to: "owner@example.com")
        let change = try attackerAsksForChange(h, accountID)
        #expect(try EmailVerificationFlow(context: h.context).confirm(token: change) == .changed(accountID: accountID))
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try PasswordResetFlow(context: h.context).reset(token: oldReset, newPassword: "attacker sets this", locale: nil)
        }
    }

    @Test func aResetLinkWorksOnlyWhileTheEmailIsTheAddressItWasSentTo() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        try PasswordResetFlow(context: h.context).request(email: "owner@example.com", locale: nil, clientAddress: nil)
        let reset = try h.token("password-reset", to: "owner@example.com")
        // The address changes without passing through a flow (an operator's edit in the database).
        var account = try #require(try h.storage.account(id: accountID))
        account.email = "elsewhere@example.com"
        try h.storage.updateAccount(account)
        #expect(throws: PasswordResetFlow.Failure.invalidLink) {
            try PasswordResetFlow(context: h.context).reset(token: reset, newPassword: "a fresh owner passphrase", locale: nil)
        }
    }

    @Test func changingTheEmailNeedsTheCurrentPasswordOrARecentSignIn() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        let flow = EmailChangeFlow(context: h.context)
        let signedIn = h.clock.now()
        h.clock.advance(by: EmailChangeFlow.recentSignIn + 1)
        #expect(throws: EmailChangeFlow.Failure.reauthenticationRequired) {
            try flow.request(accountID: accountID, newEmail: "attacker@example.net", currentPassword: "", signedInAt: signedIn,
                             locale: nil)
        }
        #expect(throws: EmailChangeFlow.Failure.wrongCurrentPassword) {
            try flow.request(accountID: accountID, newEmail: "attacker@example.net", currentPassword: "guess",
                             signedInAt: signedIn, locale: nil)
        }
        #expect(try !h.storage.listMail().contains { $0.recipient == "attacker@example.net" })
        try flow.request(accountID: accountID, newEmail: "new@example.com", currentPassword: Self.ownerPassword,
                         signedInAt: signedIn, locale: nil)
        try flow.request(accountID: accountID, newEmail: "newer@example.com", currentPassword: nil,
                         signedInAt: h.clock.now(), locale: nil)
        #expect(try h.storage.listMail().filter { $0.kind == "confirm-new-email" }.map(\.recipient)
                == ["new@example.com", "newer@example.com"])
    }

    @Test func theOldAddressCancelsTheChangeUndoesItAndSignsOutEverywhere() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        let change = try attackerAsksForChange(h, accountID)
        let cancel = try h.token("email-change-notice", to: "owner@example.com")
        #expect(cancel.count > 20)
        _ = try EmailVerificationFlow(context: h.context).confirm(token: change)
        #expect(try h.storage.account(id: accountID)?.email == "attacker@example.net")
        #expect(try EmailChangeFlow(context: h.context).cancel(token: cancel) == accountID)
        let restored = try #require(try h.storage.account(id: accountID))
        #expect(restored.email == "owner@example.com" && restored.emailVerified)
        #expect(try h.storage.identity(provider: .password, subject: "owner@example.com")?.accountID == accountID)
        #expect(try h.storage.session(hash: "s-owner") == nil)
        #expect(try h.storage.activeGrants(accountID: accountID).isEmpty)
        #expect(throws: EmailChangeFlow.Failure.invalidLink) { try EmailChangeFlow(context: h.context).cancel(token: cancel) }
    }

    @Test func aPasswordChangeEndsOtherSessionsAndAppSignInsButNotTheAskingOne() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        let now = h.clock.now()
        let asking = Session(hash: "s-asking", accountID: accountID, csrfSecret: [3], authTime: now, createdAt: now,
                             expiresAt: now + 3600)
        try h.storage.insertSession(asking)
        try h.storage.insertGrant(Grant(id: "g-app-2", accountID: accountID, clientID: "app", scope: ["openid"],
                                        createdAt: now))
        try PasswordChangeFlow(context: h.context).change(accountID: accountID, currentPassword: Self.ownerPassword,
                                                          newPassword: "a fresh owner passphrase", locale: nil,
                                                          keepingSession: asking, keepingGrant: "g-app-2")
        #expect(try h.storage.session(hash: "s-owner") == nil)
        #expect(try h.storage.session(hash: "s-asking") == asking)
        #expect(try h.storage.activeGrants(accountID: accountID).map(\.id) == ["g-app-2"])
    }

    @Test func wrongCurrentPasswordsCountAgainstTheLoginThrottle() throws {
        let h = FlowHarness()
        let accountID = try provenOwner(h)
        let change = PasswordChangeFlow(context: h.context)
        for _ in 0..<h.loginThrottle.freeFailures {
            #expect(throws: PasswordChangeFlow.Failure.wrongCurrentPassword) {
                try change.change(accountID: accountID, currentPassword: "guess", newPassword: "whatever it is", locale: nil)
            }
        }
        #expect(throws: PasswordChangeFlow.Failure.throttled) {
            try change.change(accountID: accountID, currentPassword: Self.ownerPassword, newPassword: "whatever it is",
                              locale: nil)
        }
        // The same throttle guards sign-in with the password.
        #expect(try !h.loginThrottle.take([LoginThrottle.accountKey("owner@example.com")], at: h.clock.now(),
                                          in: h.storage))
    }
}
