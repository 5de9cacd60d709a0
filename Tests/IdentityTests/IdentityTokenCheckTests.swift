import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// Native sign-in's token rules (docs/sign-in.md, Native): Google's nonce is optional but, when either side has
/// one, both carry the same bytes; `azp`, when present, is one of our Google client IDs; Apple's nonce
/// stays required.
@Suite struct IdentityTokenCheckTests {
    func google(_ h: Harness, nonce: String? = nil, azp: String? = Harness.googleClientID) throws -> String {
        var claims: [String: JSONValue] = [
            "iss": "https://accounts.google.com", "aud": .string(Harness.googleClientID), "sub": "g-1",
            "iat": .int(h.clock.unixTime), "exp": .int(h.clock.unixTime + 600), "given_name": "Gia",
        ]
        if let nonce { claims["nonce"] = .string(nonce) }
        if let azp { claims["azp"] = .string(azp) }
        return try h.googleKey.sign(claims: claims)
    }

    func refused(_ check: IdentityTokenCheck, _ token: String, nonce: String?) async -> String? {
        do {
            _ = try await check.verify(token, nonce: nonce)
            return nil
        } catch let error as OAuthError {
            return error.code.rawValue
        } catch {
            return "\(error)"
        }
    }

    @Test func googleNonceIsOptionalButBothSidesMustAgree() async throws {
        let h = try Harness()
        let check = IdentityTokenCheck(apple: h.appleVerifier, google: h.googleVerifier)
        let (provider, identity) = try await check.verify(try google(h), nonce: nil)
        #expect(provider == .google && identity.givenName == "Gia")
        #expect(try await check.verify(try google(h, nonce: "n\u{e9}"), nonce: "n\u{e9}").1.subject == "g-1")
        #expect(await refused(check, try google(h, nonce: "n\u{e9}"), nonce: "ne\u{301}") == "invalid_grant",
                "canonically equal but other bytes")
        #expect(await refused(check, try google(h, nonce: "token"), nonce: nil) == "invalid_grant")
        #expect(await refused(check, try google(h), nonce: "request") == "invalid_grant")
    }

    @Test func googleAzpMustBeOurs() async throws {
        let h = try Harness()
        let check = IdentityTokenCheck(apple: h.appleVerifier, google: h.googleVerifier)
        #expect(await refused(check, try google(h, azp: "other.apps.googleusercontent.com"), nonce: nil) == "invalid_grant")
        #expect(await refused(check, try google(h, azp: nil), nonce: nil) == nil)
    }

    @Test func appleNeedsTheNonceAndDisabledProvidersRefuse() async throws {
        let h = try Harness()
        let claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(Harness.appBundleID), "sub": "001.a",
            "iat": .int(h.clock.unixTime), "exp": .int(h.clock.unixTime + 600),
            "nonce": .string(Hex.encode(SHA256.hash("raw"))),
        ]
        let token = try h.appleKey.sign(claims: claims)
        let check = IdentityTokenCheck(apple: h.appleVerifier, google: nil)
        #expect(await refused(check, token, nonce: nil) == "invalid_grant")
        #expect(try await check.verify(token, nonce: "raw").0 == .apple)
        #expect(await refused(check, try google(h), nonce: nil) == "invalid_grant", "Google sign-in off")
        #expect(await refused(check, "not.a.token", nonce: "raw") == "invalid_grant")
    }
}
