import Foundation
import JOSE
import OAuthCore
import Support
import Testing
@testable import Identity

/// Native sign-in's token rules (docs/sign-in.md, Google's ID token): a nonce the request sends must
/// equal the token's claim byte for byte and must have a claim; a claim the request did not send (AppAuth's
/// own, which GoogleSignIn-iOS sends when the app gives none) is accepted; `azp`, when present, is one of our
/// Google client IDs; Apple's nonce stays required.
@Suite struct IdentityTokenCheckTests {
    /// A token shaped like the one GoogleSignIn-iOS 9.1 returns: `signIn(withPresenting:)` without the app's
    /// nonce builds its request with AppAuth's convenience initializer, which sets a random nonce
    /// (`[OIDAuthorizationRequest generateState]`: 32 random bytes, base64url, 43 characters), so the token
    /// carries a nonce the app never saw; `azp` is the iOS client, `aud` the server client when one is set.
    /// `nonce: .none` is the token refreshed after `restorePreviousSignIn` (no nonce).
    enum SDKNonce { case appAuths, apps(String), none }

    func google(_ h: Harness, nonce: SDKNonce = .appAuths, azp: String? = Harness.googleClientID) throws -> String {
        var claims: [String: JSONValue] = [
            "iss": "https://accounts.google.com", "aud": .string(Harness.googleClientID), "sub": "g-1",
            "iat": .int(h.clock.unixTime), "exp": .int(h.clock.unixTime + 3600), "given_name": "Gia",
            "family_name": "Ruiz", "name": "Gia Ruiz", "email": "gia@example.com", "email_verified": true,
            "picture": "https://lh3.googleusercontent.com/a/photo", "at_hash": "HK6E_P6Dh8Y93mRNtsDB1Q",
        ]
        switch nonce {
        case .appAuths: claims["nonce"] = .string(Base64URL.encode(h.random.bytes(32)))
        case .apps(let value): claims["nonce"] = .string(value)
        case .none: break
        }
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

    @Test func googleSDKDefaultAndRefreshedTokensSignIn() async throws {
        let h = try Harness()
        let check = IdentityTokenCheck(apple: h.appleVerifier, google: h.googleVerifier)
        let (provider, identity) = try await check.verify(try google(h), nonce: nil)
        #expect(provider == .google && identity.givenName == "Gia" && identity.nonce?.utf8.count == 43,
                "AppAuth's own nonce, which the app never saw, is accepted")
        #expect(try await check.verify(try google(h, nonce: .none), nonce: nil).1.subject == "g-1",
                "the token refreshed after restorePreviousSignIn carries no nonce")
    }

    @Test func googleRequestNonceMustEqualTheClaimByteForByte() async throws {
        let h = try Harness()
        let check = IdentityTokenCheck(apple: h.appleVerifier, google: h.googleVerifier)
        #expect(try await check.verify(try google(h, nonce: .apps("n\u{e9}")), nonce: "n\u{e9}").1.subject == "g-1")
        #expect(await refused(check, try google(h, nonce: .apps("n\u{e9}")), nonce: "ne\u{301}") == "invalid_grant",
                "canonically equal but other bytes")
        #expect(await refused(check, try google(h), nonce: "the app's nonce") == "invalid_grant",
                "the token carries AppAuth's nonce, not the one the request sends")
        #expect(await refused(check, try google(h, nonce: .none), nonce: "request") == "invalid_grant",
                "a request nonce without a claim")
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
