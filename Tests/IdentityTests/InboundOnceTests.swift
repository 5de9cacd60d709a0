import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// Provider events applied once and in order (docs/sign-in.md, "Provider events, applied once and in
/// order") on the real SQLite and PostgreSQL stores (RealStore), wrapped by the one failing store wrapper
/// (FailingStorage/, links to Tests/OAuthCoreTests/Support): a failure between the receipt and the effect leaves nothing recorded,
/// so the provider's retry applies the event; a replay changes nothing; an older event never undoes a
/// newer state.
@Suite struct InboundOnceTests {
    final class World: Sendable {
        let h: Harness
        let google: GoogleWorld
        let store: RealStore
        let fail = FailSwitch()
        static let ann = "acct-ann"

        var db: any Storage { store.storage }

        init(_ backend: RealStore.Backend) throws {
            h = try Harness()
            google = try GoogleWorld(h)
            store = try RealStore(backend)
            let db = store.storage
            let then = h.clock.now().addingTimeInterval(-3600)
            try db.insertAccount(Account(id: Self.ann, email: "ann@example.com", emailVerified: true, displayName: nil,
                                         createdAt: then))
            for (id, provider, subject) in [("i-apple", LinkedIdentity.Provider.apple, "001.ann"),
                                            ("i-google", .google, "g-ann")] {
                try db.insertIdentity(LinkedIdentity(id: id, accountID: Self.ann, provider: provider, subject: subject,
                                                         email: "ann@example.com", emailVerified: true,
                                                         firstSignInAt: then, lastSignInAt: then))
            }
        }

        var storage: FailingStorage { FailingStorage(inner: db, fail: fail) }

        var apple: AppleNotificationProcessor {
            get throws {
                AppleNotificationProcessor(
                    verifier: try AppleNotificationVerifier(audiences: [Harness.appBundleID], keySet: h.appleVerifier.keySet,
                                                            clock: h.clock),
                    storage: storage, clock: h.clock, random: h.random, logger: h.logger,
                    deletion: AccountDeletionService(storage: storage, clock: h.clock, random: h.random, revoker: nil))
            }
        }

        var risc: GoogleRiscReceiver { get throws { try google.receiver(storage: storage) } }

        /// The store fails from the call after `call` on, until `recover()`.
        func failAfter(_ call: String) {
            let fail = fail
            fail.afterCall.withLock { $0 = { if $0 == call { fail.on.withLock { $0 = true } } } }
        }

        func recover() {
            fail.afterCall.withLock { $0 = nil }
            fail.on.withLock { $0 = false }
        }

        /// An Apple notification (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts).
        func appleBody(_ type: String, jti: String = UUID().uuidString, eventTime: Int64) throws -> [UInt8] {
            let events: JSONValue = ["type": .string(type), "sub": "001.ann", "event_time": .int(eventTime),
                                     "email": "ann@privaterelay.appleid.com", "is_private_email": "true"]
            let claims: [String: JSONValue] = ["iss": "https://appleid.apple.com", "aud": .string(Harness.appBundleID),
                                               "iat": .int(h.clock.unixTime), "jti": .string(jti), "events": events]
            return Array(JSONValue.object(["payload": .string(try h.appleKey.sign(claims: claims))]).serialized.utf8)
        }

        /// A RISC security event token issued `age` seconds ago.
        func riscBody(_ type: String, jti: String = UUID().uuidString, age: Int64 = 0,
                      fields: [String: JSONValue] = [:]) throws -> [UInt8] {
            try google.event("risc/event-type/" + type, fields: fields, jti: jti,
                             extra: ["iat": .int(h.clock.unixTime - age)])
        }

        var reachable: Bool? { (try? db.identity(provider: .apple, subject: "001.ann"))??.emailReachable }
        var held: Bool { (try? db.providerHold(provider: .google, subject: "g-ann")) != nil }

        func session(_ hash: String, createdAgo seconds: TimeInterval) throws {
            let created = h.clock.now().addingTimeInterval(-seconds)
            try db.insertSession(Session(hash: hash, accountID: Self.ann, csrfSecret: [1], authTime: created,
                                         createdAt: created, expiresAt: created.addingTimeInterval(86_400)))
        }

        func alive(_ hash: String) -> Bool { (try? db.session(hash: hash)) != nil }
    }

    @Test(arguments: RealStore.Backend.allCases)
    func anAppleFailureBetweenReceiptAndEffectLeavesNothingSoTheRetryApplies(_ backend: RealStore.Backend) async throws {
        let w = try World(backend)
        let body = try w.appleBody("email-disabled", jti: "apple-1", eventTime: w.h.clock.unixTime)
        w.failAfter("recordNotification(jti:at:)")
        #expect(try await w.apple.process(body: body) == .unavailable("storage"))
        #expect(w.fail.calls.contains("recordNotification(jti:at:)"), "the receipt was written, then the store failed")
        #expect(w.reachable == true, "no effect")
        w.recover()
        #expect(try await w.apple.process(body: body) == .processed("email-disabled"), "the retry is not a duplicate")
        #expect(w.reachable == false)
        #expect(try await w.apple.process(body: body) == .duplicate)
    }

    @Test(arguments: RealStore.Backend.allCases)
    func aRiscFailureBetweenReceiptAndEffectLeavesNothingSoTheRetryApplies(_ backend: RealStore.Backend) async throws {
        let w = try World(backend)
        try w.session("s", createdAgo: 10)
        let body = try w.riscBody("sessions-revoked", jti: "risc-1")
        w.failAfter("recordSecurityEvent(jti:at:)")
        #expect(try await w.risc.process(body: body) == .unavailable("storage"))
        #expect(w.alive("s"), "no effect")
        w.recover()
        #expect(try await w.risc.process(body: body) == .accepted(["sessions-revoked"]), "the retry is not a duplicate")
        #expect(!w.alive("s"))
        try w.session("s2", createdAgo: 0)
        #expect(try await w.risc.process(body: body) == .duplicate)
        #expect(w.alive("s2"), "a replay changes nothing")
    }

    @Test(arguments: RealStore.Backend.allCases)
    func anOlderAppleForwardingEventNeverUndoesANewerOne(_ backend: RealStore.Backend) async throws {
        let w = try World(backend)
        let now = w.h.clock.unixTime
        #expect(try await w.apple.process(body: w.appleBody("email-disabled", eventTime: now * 1000)) == .processed("email-disabled"))
        let older = try w.appleBody("email-enabled", eventTime: now * 1000 - 5000)
        #expect(try await w.apple.process(body: older) == .ignored(AppleNotificationEffect.older))
        #expect(w.reachable == false, "the older enable arrived late and changed nothing")
        #expect(try await w.apple.process(body: w.appleBody("email-enabled", eventTime: now + 1)) == .processed("email-enabled"))
        #expect(w.reachable == true, "a newer one does")
    }

    @Test(arguments: RealStore.Backend.allCases)
    func anOlderConsentRevocationEndsOnlyWhatBeganBeforeIt(_ backend: RealStore.Backend) async throws {
        let w = try World(backend)
        try w.session("old", createdAgo: 7200)
        try w.session("new", createdAgo: 0)
        let hourAgo = w.h.clock.unixTime - 3600
        #expect(try await w.apple.process(body: w.appleBody("consent-revoked", eventTime: hourAgo)) == .processed("consent-revoked"))
        #expect(!w.alive("old"))
        #expect(w.alive("new"), "a session begun after the revocation stays")
    }

    @Test(arguments: RealStore.Backend.allCases)
    func anOlderAccountEnabledNeverLiftsANewerHoldAndViceVersa(_ backend: RealStore.Backend) async throws {
        let w = try World(backend)
        #expect(try await w.risc.process(body: w.riscBody("account-disabled", age: 10)) == .accepted(["account-disabled"]))
        #expect(w.held)
        #expect(try await w.risc.process(body: w.riscBody("account-enabled", age: 20)) == .accepted(["account-enabled"]))
        #expect(w.held, "the older enable arrived late and lifted nothing")
        #expect(try await w.risc.process(body: w.riscBody("account-enabled", age: 5)) == .accepted(["account-enabled"]))
        #expect(!w.held, "a newer enable lifts it")
        #expect(try await w.risc.process(body: w.riscBody("account-disabled", age: 8)) == .accepted(["account-disabled"]))
        #expect(!w.held, "an older disable after the newer enable holds nothing")
    }

    @Test(arguments: RealStore.Backend.allCases)
    func anOlderSessionsRevokedEndsNoSessionBegunAfterIt(_ backend: RealStore.Backend) async throws {
        let w = try World(backend)
        try w.session("before", createdAgo: 600)
        try w.session("after", createdAgo: 0)
        #expect(try await w.risc.process(body: w.riscBody("sessions-revoked", age: 300)) == .accepted(["sessions-revoked"]))
        #expect(!w.alive("before"))
        #expect(w.alive("after"), "begun after the event (beyond the clock-skew leeway): kept")
    }
}
