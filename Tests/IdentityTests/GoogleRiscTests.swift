import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// Cross-Account Protection (https://developers.google.com/identity/protocols/risc) against the Google
/// stand-in: forged, replayed and misaddressed events are refused; each event type does what Google asks.
@Suite struct GoogleRiscTests {
    struct Fixture {
        let h: Harness
        let world: GoogleWorld
        let receiver: GoogleRiscReceiver
        let ann: String

        init() async throws {
            h = try Harness()
            world = try GoogleWorld(h)
            receiver = try world.receiver()
            guard case .signedIn(let id, _) = try await world.signIn.signIn(
                provider: .google, identity: h.googleIdentity(sub: "g-ann", email: "ann@gmail.com"))
            else { throw Harness.Failure() }
            ann = id
            let now = h.clock.now()
            try h.storage.insertClient(Client(id: "app", name: "App", secretHash: nil, redirectURIs: [], isPublic: true,
                                              firstParty: true, createdAt: now))
            try h.storage.insertClient(Client(id: "google-home", name: "Google", secretHash: "h", redirectURIs: [],
                                              createdAt: now))
            try h.storage.insertGrant(Grant(id: "g-app", accountID: ann, clientID: "app", scope: [], createdAt: now))
            try h.storage.insertGrant(Grant(id: "g-home", accountID: ann, clientID: "google-home", scope: [], createdAt: now))
            try h.storage.insertSession(Session(hash: "s", accountID: ann, csrfSecret: [1], authTime: now, createdAt: now,
                                                expiresAt: now.addingTimeInterval(3600)))
        }

        var sessionAlive: Bool { (try? h.storage.session(hash: "s")) != nil }
        func grantActive(_ id: String) -> Bool { (try? h.storage.grant(id: id))??.revokedAt == nil }
    }

    @Test func forgedMisaddressedAndMalformedEventsAreRefused() async throws {
        let f = try await Fixture()
        let stranger = try SigningKey.generate(.rs256)
        let impostor = try SigningKey(pem: try SigningKey.generate(.rs256).pkcs8PEM, keyID: f.world.riscKey.keyID)
        let cases: [([UInt8], String)] = [
            (try f.world.event("risc/event-type/sessions-revoked", key: stranger), "invalid_key"),
            (try f.world.event("risc/event-type/sessions-revoked", key: impostor), "authentication_failed"),
            (try f.world.event("risc/event-type/sessions-revoked", aud: "someone-else.apps.example"), "invalid_audience"),
            (try f.world.event("risc/event-type/sessions-revoked", iss: "https://accounts.google.com"), "invalid_issuer"),
            (try f.world.event("risc/event-type/sessions-revoked", extra: ["events": "not an object"]), "invalid_request"),
            (try f.world.event("risc/event-type/sessions-revoked", extra: ["jti": ""]), "invalid_request"),
            (Array("not a jwt".utf8), "invalid_request"),
        ]
        for (body, code) in cases {
            guard case .refused(let refused, _) = await f.receiver.process(body: body) else {
                Issue.record("accepted an event that should be refused with \(code)")
                continue
            }
            #expect(refused == code)
        }
        #expect(f.sessionAlive && f.grantActive("g-app"), "nothing was acted on")
    }

    @Test func anHMACTokenIsNeverAcceptedEvenWithAPublishedKid() async throws {
        let f = try await Fixture()
        let jwk = f.world.riscKey.publicJWK
        let secret = Array(jwk.serialized.utf8)
        let claims: JSONValue = ["iss": .string(GoogleStandIn.riscIssuer), "aud": .string(Harness.googleClientID),
                                 "iat": .int(f.h.clock.unixTime), "jti": "hs", "events": ["x": [:]]]
        let forged = try JWS.sign(payload: Array(claims.serialized.utf8), with: try HMACKey(secret: secret),
                                  keyID: f.world.riscKey.keyID)
        guard case .refused(let code, _) = await f.receiver.process(body: Array(forged.utf8)) else {
            Issue.record("HS256 accepted")
            return
        }
        #expect(code == "authentication_failed")
    }

    @Test func aReplayedEventIsAcceptedOnceAndActsOnce() async throws {
        let f = try await Fixture()
        let body = try f.world.event("risc/event-type/sessions-revoked", jti: "jti-1")
        #expect(await f.receiver.process(body: body) == .accepted(["sessions-revoked"]))
        #expect(!f.sessionAlive && !f.grantActive("g-app"))
        let now = f.h.clock.now()
        try f.h.storage.insertSession(Session(hash: "s2", accountID: f.ann, csrfSecret: [2], authTime: now, createdAt: now,
                                              expiresAt: now.addingTimeInterval(3600)))
        #expect(await f.receiver.process(body: body) == .duplicate)
        #expect(await f.receiver.process(body: body).httpStatus == 202)
        #expect(try f.h.storage.session(hash: "s2") != nil, "a redelivery ends no newer session")
    }

    /// OneTimeLinkRule: a pending email change (asked with a session Google now says is compromised)
    /// dies with `sessions-revoked`, like every other one-time link of the account.
    @Test func sessionsRevokedVoidsTheAccountsPendingLinks() async throws {
        let f = try await Fixture()
        let now = f.h.clock.now()
        for (hash, purpose) in [("change", OneTimeToken.Purpose.changeEmail), ("reset", .resetPassword)] {
            try f.h.storage.insertOneTimeToken(OneTimeToken(hash: hash, purpose: purpose, accountID: f.ann,
                                                            email: "taker@example.net", createdAt: now,
                                                            expiresAt: now.addingTimeInterval(3600)))
        }
        #expect(await f.receiver.process(body: try f.world.event("risc/event-type/sessions-revoked"))
            == .accepted(["sessions-revoked"]))
        #expect(try f.h.storage.oneTimeToken(hash: "change")?.usedAt == now)
        #expect(try f.h.storage.oneTimeToken(hash: "reset")?.usedAt == now)
    }

    @Test func eventsNeedNoExpirationBecauseTheyDescribeThePast() async throws {
        let f = try await Fixture()
        let stale = try f.world.event("risc/event-type/verification", fields: ["state": "check-1"],
                                      extra: ["exp": .int(f.h.clock.unixTime - 86_400)])
        #expect(await f.receiver.process(body: stale) == .accepted(["verification"]))
        #expect(try f.h.storage.auditEvents(limit: 1).first?.detail.contains("state=check-1") == true)
        #expect(f.h.logs.records.contains { $0.fields["risc.action"]?.contains("check-1") == true })
    }

    @Test func hijackingEndsSignInsKeepsThirdPartyLinksAndHoldsGoogleSignIn() async throws {
        let f = try await Fixture()
        let body = try f.world.event("risc/event-type/account-disabled", fields: ["reason": "hijacking"])
        #expect(await f.receiver.process(body: body) == .accepted(["account-disabled"]))
        #expect(!f.sessionAlive && !f.grantActive("g-app"))
        #expect(f.grantActive("g-home"), "Google Home's link stays")
        let again = try await f.h.googleIdentity(sub: "g-ann", email: "ann@gmail.com")
        await #expect(throws: SignInService.Failure.signInHeld) { try await f.world.signIn.signIn(provider: .google, identity: again) }
        let enabled = try f.world.event("risc/event-type/account-enabled")
        #expect(await f.receiver.process(body: enabled) == .accepted(["account-enabled"]))
        #expect(try await f.world.signIn.signIn(provider: .google, identity: again) == .signedIn(accountID: f.ann, created: false))
        let kinds = try f.h.storage.auditEvents(limit: 10).filter { $0.kind == "google.risc" }.map(\.detail)
        #expect(kinds.contains { $0.hasPrefix("event=account-disabled") && $0.contains("reason=hijacking") })
    }

    @Test func otherDisabledReasonsHoldSignInWithoutEndingSessions() async throws {
        let f = try await Fixture()
        #expect(await f.receiver.process(body: try f.world.event("risc/event-type/account-disabled",
                                                                   fields: ["reason": "bulk-account"])).httpStatus == 202)
        #expect(f.sessionAlive && f.grantActive("g-app"))
        #expect(try f.h.storage.providerHold(provider: .google, subject: "g-ann")?.reason == "bulk-account")
        let newcomer = try await f.h.googleIdentity(sub: "g-ann", email: "ann@gmail.com")
        await #expect(throws: SignInService.Failure.signInHeld) {
            try await f.world.signIn.addIdentity(to: f.ann, provider: .google, identity: newcomer)
        }
    }

    @Test func credentialChangeAndUnknownPeopleAreAuditedOnly() async throws {
        let f = try await Fixture()
        #expect(await f.receiver.process(body: try f.world.event("risc/event-type/account-credential-change-required"))
            == .accepted(["account-credential-change-required"]))
        #expect(await f.receiver.process(body: try f.world.event("risc/event-type/sessions-revoked", sub: "g-nobody"))
            == .accepted(["sessions-revoked"]))
        #expect(f.sessionAlive && f.grantActive("g-app"))
        let details = try f.h.storage.auditEvents(limit: 5).map(\.detail)
        #expect(details.contains("event=sessions-revoked action=unknown google account"))
        #expect(details.contains("event=account-credential-change-required action=watch for suspicious activity"))
    }

    @Test func unreachableConfigurationIsTemporaryAndRecordsNothing() async throws {
        let f = try await Fixture()
        let receiver = try f.world.receiver(configuration: URL(string: "http://127.0.0.1:9/.well-known/risc-configuration")!)
        let body = try f.world.event("risc/event-type/sessions-revoked", jti: "kept")
        #expect(await receiver.process(body: body) == .unavailable("google risc keys unavailable"))
        #expect(await f.receiver.process(body: body) == .accepted(["sessions-revoked"]), "Google's retry is applied")
    }
}
