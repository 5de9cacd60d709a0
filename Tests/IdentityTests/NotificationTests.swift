import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

@Suite struct NotificationTests {
    struct Fixture {
        let h: Harness
        let processor: AppleNotificationProcessor
        let ann: String

        init(withGoogle: Bool = false) async throws {
            h = try Harness()
            let verifier = try AppleNotificationVerifier(audiences: [Harness.appBundleID], keySet: h.appleVerifier.keySet,
                                                         clock: h.clock)
            processor = AppleNotificationProcessor(verifier: verifier, storage: h.storage, clock: h.clock, random: h.random,
                                                   logger: h.logger, deletion: h.deletion)
            let service = h.signInService()
            guard case .signedIn(let id, _) = try await service.signIn(
                provider: .apple, identity: h.appleIdentity(sub: "001.ann", email: "ann@example.com"))
            else { throw Harness.Failure() }
            ann = id
            if withGoogle {
                try await service.addIdentity(to: id, provider: .google, identity: h.googleIdentity(sub: "g", email: "a@gmail.com"))
            }
        }

        func body(_ type: String, asString: Bool = false, jti: String = UUID().uuidString, aud: String = Harness.appBundleID,
                  eventTime: Int64? = nil, key: SigningKey? = nil, sub: String = "001.ann",
                  extra: [String: JSONValue] = [:], dropIAT: Bool = false) throws -> [UInt8] {
            let events: JSONValue = [
                "type": .string(type), "sub": .string(sub), "email": "ann@example.com", "is_private_email": "false",
                "event_time": .int(eventTime ?? h.clock.unixTime),
            ]
            var claims: [String: JSONValue] = [
                "iss": "https://appleid.apple.com", "aud": .string(aud), "iat": .int(h.clock.unixTime), "jti": .string(jti),
                "events": asString ? .string(events.serialized) : events,
            ]
            claims.merge(extra) { $1 }
            if dropIAT { claims["iat"] = nil }
            let payload = try (key ?? h.appleKey).sign(claims: claims)
            return Array(JSONValue.object(["payload": .string(payload)]).serialized.utf8)
        }

        var appleIdentity: LinkedIdentity? { try? h.storage.identity(provider: .apple, subject: "001.ann") }
    }

    @Test(arguments: [false, true])
    func emailForwardingFollowsTheEvents(eventsAsString: Bool) async throws {
        let f = try await Fixture()
        let disabledAt = f.h.clock.unixTime
        let millis = disabledAt * 1000 + 123
        #expect(try await f.processor.process(body: f.body("email-disabled", asString: eventsAsString, eventTime: millis))
            == .processed("email-disabled"))
        #expect(f.appleIdentity?.emailReachable == false)
        f.h.clock.advance(by: 1)  // after the disable: an older enable would change nothing (InboundOrder)
        #expect(try await f.processor.process(body: f.body("email-enabled", asString: eventsAsString)) == .processed("email-enabled"))
        #expect(f.appleIdentity?.emailReachable == true)
        let audit = try f.h.storage.auditEvents(limit: 5).map(\.detail)
        #expect(audit.contains("type=email-disabled event_time=\(disabledAt)"))
    }

    @Test func millisecondsAndSecondsAreToldApartByMagnitude() {
        #expect(AppleNotificationEvent.time(NSNumber(value: 1_608_693_364_100)) == Date(timeIntervalSince1970: 1_608_693_364.1))
        #expect(AppleNotificationEvent.time(NSNumber(value: 1_508_184_845)) == Date(timeIntervalSince1970: 1_508_184_845))
    }

    @Test(arguments: [false, true])
    func consentRevokedEndsSessionsAndAppTokens(eventsAsString: Bool) async throws {
        let f = try await Fixture()
        let now = f.h.clock.now()
        try f.h.storage.insertClient(Client(id: "app", name: "App", secretHash: nil, redirectURIs: [], isPublic: true,
                                            firstParty: true, createdAt: now))
        try f.h.storage.insertClient(Client(id: "google", name: "Google", secretHash: "h", redirectURIs: [], createdAt: now))
        try f.h.storage.insertGrant(Grant(id: "g-app", accountID: f.ann, clientID: "app", scope: [], createdAt: now))
        try f.h.storage.insertGrant(Grant(id: "g-google", accountID: f.ann, clientID: "google", scope: [], createdAt: now))
        try f.h.storage.insertSession(Session(hash: "s", accountID: f.ann, csrfSecret: [1], authTime: now, createdAt: now,
                                              expiresAt: now.addingTimeInterval(3600)))
        try f.h.storage.saveThirdPartyToken(ThirdPartyToken(identityID: try #require(f.appleIdentity).id, accountID: f.ann,
                                                            provider: .apple, encryptedRefreshToken: [1, 2], createdAt: now))
        #expect(try await f.processor.process(body: f.body("consent-revoked", asString: eventsAsString)) == .processed("consent-revoked"))
        #expect(try f.h.storage.session(hash: "s") == nil)
        #expect(try f.h.storage.activeGrants(accountID: f.ann).map(\.id) == ["g-google"])
        #expect(try f.h.storage.thirdPartyTokens(accountID: f.ann).isEmpty)
        // Apple was the only way in: the identity stays so that the person can come back to this account.
        #expect(f.appleIdentity?.accountID == f.ann)
    }

    @Test func consentRevokedRemovesTheAppleIdentityWhenAnotherMethodRemains() async throws {
        let f = try await Fixture(withGoogle: true)
        #expect(try await f.processor.process(body: f.body("consent-revoked")) == .processed("consent-revoked"))
        #expect(f.appleIdentity == nil)
        #expect(try f.h.storage.identities(accountID: f.ann).map(\.provider) == [.google])
    }

    @Test(arguments: ["account-delete", "account-deleted"])
    func appleIDDeletionRemovesTheIdentityAndALoneAccount(type: String) async throws {
        let alone = try await Fixture()
        #expect(try await alone.processor.process(body: alone.body(type, asString: true)) == .processed(type))
        #expect(try alone.h.account(alone.ann).status == .deleted)
        #expect(try alone.h.account(alone.ann).email == nil)

        let both = try await Fixture(withGoogle: true)
        #expect(try await both.processor.process(body: both.body(type)) == .processed(type))
        #expect(both.appleIdentity == nil)
        #expect(try both.h.account(both.ann).status == .active)
    }

    @Test func replaysUnknownTypesAndUnknownUsersAreAnswered200() async throws {
        let f = try await Fixture()
        let body = try f.body("email-disabled", jti: "jti-1")
        #expect(await f.processor.process(body: body) == .processed("email-disabled"))
        #expect(await f.processor.process(body: body) == .duplicate)
        #expect(try await f.processor.process(body: f.body("consent-revoked", sub: "001.nobody")) == .ignored("unknown subject"))
        let unknown = try await f.processor.process(body: f.body("something-new"))
        #expect(unknown.httpStatus == 200)
        guard case .ignored = unknown else { Issue.record("\(unknown)"); return }
    }

    @Test func forgeriesWrongAudiencesAndGarbageAreRejected() async throws {
        let f = try await Fixture()
        let stranger = try SigningKey.generate(.rs256)
        let now = f.h.clock.unixTime
        for body in [try f.body("consent-revoked", key: stranger), try f.body("consent-revoked", aud: "com.other.app"),
                     try f.body("consent-revoked", extra: ["exp": .int(now - 3600)]),
                     try f.body("consent-revoked", extra: ["iss": "https://appleid.apple.com/auth/oauth2/v2"]),
                     try f.body("consent-revoked", dropIAT: true), try f.body("consent-revoked", extra: ["events": 5]),
                     Array("{\"payload\":\"a.b.c\"}".utf8), Array("not json".utf8)] {
            let outcome = await f.processor.process(body: body)
            guard case .rejected = outcome else { Issue.record("\(outcome)"); continue }
            #expect(outcome.httpStatus == 400)
        }
        #expect(f.appleIdentity != nil)
        #expect(!f.h.logs.records.contains { $0.jsonLine.contains("eyJ") })
    }

    @Test func rotatedKeysAreFetchedAgain() async throws {
        let f = try await Fixture()
        let next = try SigningKey.generate(.rs256)
        f.h.standIn.publishApple([next, f.h.appleKey])
        f.h.clock.advance(by: 31)
        #expect(try await f.processor.process(body: f.body("email-disabled", key: next)) == .processed("email-disabled"))
        #expect(f.h.standIn.snapshot.keyFetches == 2)
    }
}
