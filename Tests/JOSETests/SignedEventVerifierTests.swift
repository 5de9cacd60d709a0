import Foundation
import Support
import Testing
@testable import JOSE

/// The one verifier of providers' signed events (Sources/JOSE/Vendor/SignedEventVerifier.swift): each
/// difference between Apple's and Google's events is a field of the profile, and each field decides.
/// Keys come from Tests/Peers/key_server.py on 127.0.0.1; time moves only by ManualClock.
@Suite struct SignedEventVerifierTests {
    static let issuer = "https://issuer.example"
    let server: KeyServer
    let clock = ManualClock(Fixtures.clockStart)
    let keySet: RemoteKeySet

    init() throws {
        server = try KeyServer()
        try server.serve(JWKSet(keys: [try JWK(Fixtures.rsa.publicKey, keyID: "r"), try JWK(Fixtures.p256.publicKey, keyID: "e")]))
        keySet = RemoteKeySet(url: server.keysURL, clock: clock)
    }

    func verifier(algorithm: JWSAlgorithm?, expiry: Bool, events: Bool) throws -> SignedEventVerifier {
        let profile = SignedEventVerifier.Profile(keys: .published(keySet, issuer: Self.issuer), algorithm: algorithm,
                                                  checksExpiration: expiry, requiresEventsObject: events)
        return try SignedEventVerifier(audiences: ["aud"], profile: profile, setting: "test.audiences", clock: clock)
    }

    func token(_ extra: [String: JSONValue] = [:], ec: Bool = false) throws -> String {
        var claims: [String: JSONValue] = ["iss": .string(Self.issuer), "aud": "aud", "iat": .int(Fixtures.now), "jti": "j1",
                                           "events": ["type": "x"]]
        claims.merge(extra) { $1 }
        return ec ? try JWS.sign(claims: claims, with: Fixtures.p256, keyID: "e")
                  : try JWS.sign(claims: claims, with: Fixtures.rsa, keyID: "r")
    }

    @Test func aFixedAlgorithmRefusesAnotherBeforeAnyKeyIsFetched() async throws {
        let fixed = try verifier(algorithm: .rs256, expiry: false, events: false)
        await #expect { try await fixed.verify(try token(ec: true)) } throws: { ($0 as? JOSEError)?.code == .algorithmMismatch }
        #expect(server.hits == 0)
        let byKey = try verifier(algorithm: nil, expiry: false, events: false)
        #expect(try await byKey.verify(try token(ec: true)).jti == "j1")
    }

    @Test func expirationIsCheckedOnlyWhereTheProfileSaysSo() async throws {
        let expired = try token(["exp": .int(Fixtures.now - 3600)])
        await #expect { try await verifier(algorithm: nil, expiry: true, events: false).verify(expired) } throws: {
            ($0 as? JOSEError)?.code == .expired
        }
        #expect(try await verifier(algorithm: nil, expiry: false, events: false).verify(expired).issuer == Self.issuer)
    }

    @Test func anEventsObjectIsRequiredOnlyWhereTheProfileSaysSo() async throws {
        let textEvents = try token(["events": .string("{\"type\":\"x\"}")])
        await #expect { try await verifier(algorithm: nil, expiry: false, events: true).verify(textEvents) } throws: {
            ($0 as? JOSEError)?.code == .missingClaim
        }
        let verified = try await verifier(algorithm: nil, expiry: false, events: false).verify(textEvents)
        #expect(verified.events.isEmpty)
        #expect(verified.claims["events"]?.stringValue == "{\"type\":\"x\"}")
    }

    @Test func theCommonChecksHoldForEveryProfile() async throws {
        let strict = try verifier(algorithm: .rs256, expiry: true, events: true)
        #expect(try await strict.verify(try token()).audience == "aud")
        for (claims, code) in [(["iss": JSONValue.string("https://other.example")], JOSEError.Code.issuerMismatch),
                               (["aud": "other"], .audienceMismatch), (["jti": ""], .invalidClaim),
                               (["iat": .int(Fixtures.now + 3600)], .issuedInFuture)] {
            await #expect { try await strict.verify(try token(claims)) } throws: { ($0 as? JOSEError)?.code == code }
        }
        #expect(throws: JOSEError.self) { try SignedEventVerifier(audiences: [], profile: strict.profile, setting: "x", clock: clock) }
    }

    @Test(arguments: [
        // (seconds since the last attempt or nil, last failed, expired, in flight) → may fetch
        (Int64?.none, false, true, false, true), (5, false, false, true, true), (5, false, true, false, true),
        (5, true, true, false, false), (5, false, false, false, false), (30, true, true, false, true),
        (30, false, false, false, true),
    ])
    func theOneRefetchRule(since: Int64?, failed: Bool, expired: Bool, inFlight: Bool, may: Bool) {
        let policy = KeySetCachePolicy()
        #expect(policy.mayFetch(at: 1000, lastAttempt: since.map { 1000 - $0 }, lastFailed: failed, expired: expired,
                                inFlight: inFlight) == may)
    }
}
