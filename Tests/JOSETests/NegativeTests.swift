import Foundation
import Support
import Testing
@testable import JOSE

/// The negative corpus: each way to forge or misuse a token is refused, with a clear reason.
@Suite struct NegativeTests {
    let fixture: AppleFixture
    init() throws { fixture = try AppleFixture() }

    private func expectRefusal(_ token: String, _ code: JOSEError.Code, rawNonce: String? = AppleFixture.rawNonce,
                               sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            let identity = try await fixture.verify(token, rawNonce: rawNonce)
            Issue.record("accepted a token that must be refused: \(identity.subject)", sourceLocation: sourceLocation)
        } catch let error as JOSEError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error type \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func theValidTokenIsAccepted() async throws {
        let identity = try await fixture.verify(AppleFixture.token())
        #expect(identity.subject == "001393.6d62abc.1517")
    }

    @Test func algNone() async throws {
        let header = Base64URL.encode(#"{"alg":"none","kid":"apple-1"}"#)
        let token = header + "." + Base64URL.encode(JSONValue.object(AppleFixture.claims()).serialized) + "."
        await expectRefusal(token, .unsupportedAlgorithm)
        await expectRefusal(Base64URL.encode(#"{"alg":"None"}"#) + ".e30.", .unsupportedAlgorithm)
    }

    @Test func hs256SignedWithTheRSAPublicKeyAsSecret() async throws {
        let secret = Array(try Fixtures.rsa.publicKey.pem.utf8)
        let token = try AppleFixture.token(header: ["alg": "HS256", "kid": "apple-1"], key: HMACKey(secret: secret))
        await expectRefusal(token, .algorithmMismatch)
        #expect { try JWS.verify(token, with: Fixtures.rsa.publicKey) } throws: { ($0 as? JOSEError)?.code == .algorithmMismatch }
    }

    @Test func headerAlgorithmIsNotTheKeys() async throws {
        // A valid ES256 signature, claiming the kid of Apple's RSA key.
        let token = try AppleFixture.token(header: ["alg": "ES256", "kid": "apple-1"], key: Fixtures.p256)
        await expectRefusal(token, .algorithmMismatch)
        let rsaHeaderOnEC = try AppleFixture.token(header: ["alg": "RS256"], key: Fixtures.p256)
        #expect { try JWS.verify(rsaHeaderOnEC, with: Fixtures.p256.publicKey) } throws: {
            ($0 as? JOSEError)?.code == .algorithmMismatch
        }
    }

    @Test func unknownKid() async throws {
        await expectRefusal(try AppleFixture.token(header: ["alg": "RS256", "kid": "not-published"]), .unknownKey)
        await expectRefusal(try AppleFixture.token(header: ["alg": "RS256"]), .unknownKey)
    }

    @Test func payloadAlteredByOneBit() async throws {
        var parts = try AppleFixture.token().split(separator: ".").map(String.init)
        var payload = try Base64URL.decode(parts[1])
        payload[payload.count / 2] ^= 0x04
        parts[1] = Base64URL.encode(payload)
        await expectRefusal(parts.joined(separator: "."), .invalidSignature)
    }

    @Test func signatureAlteredByOneBit() async throws {
        var parts = try AppleFixture.token().split(separator: ".").map(String.init)
        var signature = try Base64URL.decode(parts[2])
        signature[17] ^= 0x80
        parts[2] = Base64URL.encode(signature)
        await expectRefusal(parts.joined(separator: "."), .invalidSignature)
    }

    @Test func derEncodedECDSASignature() throws {
        let key = Fixtures.p256
        let raw = try JWS.sign(claims: ["sub": "x"], with: key, keyID: nil)
        var parts = raw.split(separator: ".").map(String.init)
        let der = try #require(ECDSASignature.der(fromRaw: Base64URL.decode(parts[2])))
        parts[2] = Base64URL.encode(der)
        #expect(try JWS.verify(raw, with: key.publicKey).signature.count == 64)
        #expect { try JWS.verify(parts.joined(separator: "."), with: key.publicKey) } throws: {
            ($0 as? JOSEError)?.code == .invalidSignature
        }
    }

    @Test func expired() async throws {
        await expectRefusal(try AppleFixture.token(["exp": .int(Fixtures.now - 61)]), .expired)
        // Within the 60 s leeway it still passes.
        _ = try await fixture.verify(AppleFixture.token(["exp": .int(Fixtures.now - 30)]))
        await expectRefusal(try AppleFixture.token(["exp": nil]), .missingClaim)
    }

    @Test func notBeforeInTheFuture() async throws {
        await expectRefusal(try AppleFixture.token(["nbf": .int(Fixtures.now + 120)]), .notYetValid)
        await expectRefusal(try AppleFixture.token(["iat": .int(Fixtures.now + 120)]), .issuedInFuture)
    }

    @Test func wrongIssuer() async throws {
        await expectRefusal(try AppleFixture.token(["iss": "https://appleid.apple.com/"]), .issuerMismatch)
        await expectRefusal(try AppleFixture.token(["iss": "https://accounts.google.com"]), .issuerMismatch)
    }

    @Test func audienceAbsent() async throws {
        await expectRefusal(try AppleFixture.token(["aud": nil]), .missingClaim)
    }

    @Test func audienceNotAllowed() async throws {
        await expectRefusal(try AppleFixture.token(["aud": "com.attacker.app"]), .audienceMismatch)
        await expectRefusal(try AppleFixture.token(["aud": ["com.attacker.app", "other"]]), .audienceMismatch)
        _ = try await fixture.verify(AppleFixture.token(["aud": ["other", "com.example.web"]]))
    }

    @Test func nonceMissing() async throws {
        await expectRefusal(try AppleFixture.token(["nonce": nil]), .nonceMismatch)
    }

    @Test func nonceDifferent() async throws {
        await expectRefusal(try AppleFixture.token(), .nonceMismatch, rawNonce: "another-raw-nonce")
        // Strict: the raw nonce itself in the token is not the hash, so it is refused.
        await expectRefusal(try AppleFixture.token(["nonce": .string(AppleFixture.rawNonce)]), .nonceMismatch)
    }

    @Test func paddedBase64URL() async throws {
        let token = try AppleFixture.token()
        await expectRefusal(token + "=", .malformed)
        let parts = token.split(separator: ".")
        await expectRefusal(parts[0] + "==." + parts[1] + "." + parts[2], .malformed)
    }

    @Test func invalidBase64URL() async throws {
        let parts = try AppleFixture.token().split(separator: ".").map(String.init)
        await expectRefusal(parts[0] + "." + parts[1].replacingOccurrences(of: "-", with: "+") + "+/." + parts[2], .malformed)
        await expectRefusal(parts[0] + "." + parts[1], .malformed)
        await expectRefusal("not a token", .malformed)
    }

    @Test func unknownCrit() async throws {
        let header: [String: JSONValue] = ["alg": "RS256", "kid": "apple-1", "crit": ["exp"], "exp": 1]
        await expectRefusal(try AppleFixture.token(header: header), .unknownCritical)
        await expectRefusal(try AppleFixture.token(header: ["alg": "RS256", "kid": "apple-1", "crit": []]), .malformed)
    }

    @Test func embeddedJWKHeaderPointingToAnAttackerKey() async throws {
        let attacker = Fixtures.otherRSA
        let attackerJWK = try JWK(attacker.publicKey)
        let ownKid: [String: JSONValue] = ["alg": "RS256", "kid": .string(attackerJWK.keyID!), "jwk": .object(attackerJWK.members)]
        await expectRefusal(try AppleFixture.token(header: ownKid, key: attacker), .unknownKey)
        let appleKid: [String: JSONValue] = ["alg": "RS256", "kid": "apple-1", "jwk": .object(attackerJWK.members),
                                             "jku": "https://attacker.example/keys", "x5u": "https://attacker.example/x5"]
        await expectRefusal(try AppleFixture.token(header: appleKid, key: attacker), .invalidSignature)
    }

    @Test func seventeenKiBToken() async throws {
        let padding = String(repeating: "a", count: 17 * 1024)
        let token = try AppleFixture.token(["padding": .string(padding)])
        #expect(token.utf8.count > CompactJWS.maximumLength)
        await expectRefusal(token, .tooLarge)
    }

    @Test func duplicateHeaderMember() async throws {
        let header = Base64URL.encode(#"{"alg":"RS256","kid":"apple-1","alg":"HS256"}"#)
        await expectRefusal(header + "." + Base64URL.encode("{}") + ".AAAA", .malformed)
    }
}
