import Foundation
import Support
import Testing
@testable import JOSE

/// Apple and Google verifiers with locally generated keys served by the loopback key server.
@Suite struct VendorTests {
    let server: KeyServer
    let clock = ManualClock(Fixtures.clockStart)

    init() throws {
        server = try KeyServer()
        try server.serve(JWKSet(keys: [try JWK(Fixtures.rsa.publicKey, keyID: "k1"), try JWK(Fixtures.p256.publicKey, keyID: "ec")]))
    }

    private func token(_ claims: [String: JSONValue], kid: String = "k1") throws -> String {
        try JWS.sign(claims: claims, with: Fixtures.rsa, keyID: kid)
    }

    private func apple() throws -> AppleIdentityTokenVerifier {
        // Apple's keys live at <baseURL>/auth/keys.
        let configuration = try AppleIdentityTokenVerifier.Configuration(audiences: ["com.example.app"], baseURL: server.baseURL)
        #expect(configuration.keysURL == server.keysURL)
        return AppleIdentityTokenVerifier(configuration: configuration, clock: clock)
    }

    private func google(hostedDomains: [String] = []) throws -> GoogleIdentityTokenVerifier {
        let configuration = try GoogleIdentityTokenVerifier.Configuration(
            audiences: ["web-client.apps.googleusercontent.com"], keysURL: server.keysURL, hostedDomains: hostedDomains)
        return GoogleIdentityTokenVerifier(configuration: configuration, clock: clock)
    }

    private static let appleClaims: [String: JSONValue] = [
        "iss": "https://appleid.apple.com", "aud": "com.example.app", "sub": "001393.abc.1517",
        "iat": .int(Fixtures.now), "exp": .int(Fixtures.now + 86_400), "nonce": .string(AppleFixture.hashedNonce),
        "email": "x@privaterelay.appleid.com", "email_verified": "true", "is_private_email": "true", "real_user_status": 2,
    ]

    @Test func appleTokenWithStringBooleans() async throws {
        let identity = try await apple().verify(token(Self.appleClaims), rawNonce: AppleFixture.rawNonce)
        #expect(identity.issuer == "https://appleid.apple.com")
        #expect(identity.subject == "001393.abc.1517")
        #expect(identity.audience == "com.example.app")
        #expect(identity.email == "x@privaterelay.appleid.com")
        #expect(identity.emailVerified == true)
        #expect(identity.isPrivateEmail == true)
        #expect(identity.realUserStatus == 2)
        #expect(identity.nonce == AppleFixture.hashedNonce)
        #expect(identity.expiresAt == Fixtures.now + 86_400)
    }

    @Test func appleTokenWithRealBooleansAndNoPrivateFlag() async throws {
        var claims = Self.appleClaims
        claims["email_verified"] = false
        claims["is_private_email"] = nil
        claims["real_user_status"] = nil
        let identity = try await apple().verify(token(claims), rawNonce: AppleFixture.rawNonce)
        #expect(identity.emailVerified == false)
        #expect(identity.isPrivateEmail == nil)
        #expect(identity.realUserStatus == nil)
    }

    @Test func appleRefusesES256EvenWithAPublishedKey() async throws {
        let es256 = try JWS.sign(claims: Self.appleClaims, with: Fixtures.p256, keyID: "ec")
        await #expect { try await apple().verify(es256, rawNonce: AppleFixture.rawNonce) } throws: {
            ($0 as? JOSEError)?.code == .algorithmMismatch
        }
    }

    @Test func appleRequiresAnAudienceList() {
        #expect { try AppleIdentityTokenVerifier.Configuration(audiences: []) } throws: { ($0 as? JOSEError)?.code == .configuration }
        #expect(throws: JOSEError.self) { try GoogleIdentityTokenVerifier.Configuration(audiences: [""]) }
    }

    private static let googleClaims: [String: JSONValue] = [
        "iss": "https://accounts.google.com", "aud": "web-client.apps.googleusercontent.com",
        "azp": "ios-client.apps.googleusercontent.com", "sub": "110169484474386276334", "email": "ada@example.com",
        "email_verified": true, "hd": "example.com", "given_name": "Ada", "family_name": "Lovelace",
        "iat": .int(Fixtures.now), "exp": .int(Fixtures.now + 3600), "nonce": "n-0S6_WzA2Mj",
    ]

    @Test(arguments: ["https://accounts.google.com", "accounts.google.com"])
    func googleTokenFromEitherIssuer(issuer: String) async throws {
        var claims = Self.googleClaims
        claims["iss"] = .string(issuer)
        let identity = try await google(hostedDomains: ["example.com"]).verify(token(claims), nonce: "n-0S6_WzA2Mj")
        #expect(identity.issuer == issuer)
        #expect(identity.subject == "110169484474386276334")
        #expect(identity.azp == "ios-client.apps.googleusercontent.com")
        #expect(identity.hd == "example.com")
        #expect(identity.emailVerified == true)
        #expect(identity.givenName == "Ada")
        #expect(identity.familyName == "Lovelace")
    }

    /// ACCOUNTLINK_GOOGLE_HOSTED_DOMAINS: `hd` must be one of the listed domains, compared as bytes.
    @Test func googleHostedDomainPolicy() async throws {
        _ = try await google(hostedDomains: ["other.com", "example.com"]).verify(token(Self.googleClaims), nonce: nil)
        await #expect { try await google(hostedDomains: ["Example.com"]).verify(token(Self.googleClaims), nonce: nil) } throws: {
            ($0 as? JOSEError)?.code == .hostedDomainMismatch
        }
        await #expect { try await google(hostedDomains: ["other.com"]).verify(token(Self.googleClaims), nonce: nil) } throws: {
            ($0 as? JOSEError)?.code == .hostedDomainMismatch
        }
        var consumer = Self.googleClaims
        consumer["hd"] = nil
        await #expect(throws: JOSEError.self) { try await google(hostedDomains: ["example.com"]).verify(token(consumer), nonce: nil) }
        _ = try await google().verify(token(consumer), nonce: nil)
    }

    @Test func googleNonceIsComparedAsGiven() async throws {
        await #expect { try await google().verify(token(Self.googleClaims), nonce: "other") } throws: {
            ($0 as? JOSEError)?.code == .nonceMismatch
        }
        var withoutNonce = Self.googleClaims
        withoutNonce["nonce"] = nil
        await #expect(throws: JOSEError.self) { try await google().verify(token(withoutNonce), nonce: "n-0S6_WzA2Mj") }
    }

    @Test func googleRefusesForeignIssuerAndAudience() async throws {
        var claims = Self.googleClaims
        claims["iss"] = "https://appleid.apple.com"
        await #expect { try await google().verify(token(claims), nonce: nil) } throws: { ($0 as? JOSEError)?.code == .issuerMismatch }
        claims = Self.googleClaims
        claims["aud"] = "another-project.apps.googleusercontent.com"
        await #expect { try await google().verify(token(claims), nonce: nil) } throws: { ($0 as? JOSEError)?.code == .audienceMismatch }
    }
}
