import Support
import Testing
@testable import JOSE

/// Published vectors (docs/architecture.md rule 15): RFC 7515 App. A, RFC 7520 §4, RFC 7638 §3.1.
@Suite struct VectorTests {
    @Test func rfc7515A1HS256() throws {
        let (jwk, fields) = try Fixtures.vector("rfc7515_a1")
        let token = try #require(fields["jws"]?.stringValue)
        let key = try #require(try jwk.verificationKey() as? HMACKey)
        let jws = try JWS.verify(token, with: key)
        #expect(jws.header.type == "JWT")
        #expect(try jws.claims()["iss"] == "joe")
        // HMAC is deterministic: signing the same input reproduces the published signature.
        #expect(try key.signature(for: jws.signingInput) == jws.signature)
    }

    @Test func rfc7515A2RS256() throws {
        let (jwk, fields) = try Fixtures.vector("rfc7515_a2")
        let token = try #require(fields["jws"]?.stringValue)
        let privateKey = try #require(try jwk.signingKey() as? RSAPrivateKey)
        let jws = try JWS.verify(token, with: privateKey.publicKey)
        #expect(try jws.claims()["exp"] == .int(1_300_819_380))
        // RSASSA-PKCS1-v1_5 is deterministic too (RFC 7515 A.2.1).
        #expect(try privateKey.signature(for: jws.signingInput) == jws.signature)
        #expect(try jwk.verificationKey().isValidSignature(jws.signature, for: jws.signingInput))
    }

    @Test func rfc7515A3ES256Verify() throws {
        let (jwk, fields) = try Fixtures.vector("rfc7515_a3")
        let token = try #require(fields["jws"]?.stringValue)
        let publicKey = try #require(try jwk.verificationKey() as? P256PublicKey)
        let jws = try JWS.verify(token, with: publicKey)
        #expect(jws.signature.count == 64)
        // ECDSA is randomised: a fresh signature from the vector's private key must verify instead.
        let privateKey = try #require(try jwk.signingKey() as? P256PrivateKey)
        #expect(publicKey.isValidSignature(try privateKey.signature(for: jws.signingInput), for: jws.signingInput))
    }

    @Test func rfc7520Section4_1RS256() throws {
        let (jwk, fields) = try Fixtures.vector("rfc7520_4_1")
        let token = try #require(fields["jws"]?.stringValue)
        var publicJWK = jwk
        for name in ["d", "p", "q", "dp", "dq", "qi"] { publicJWK.members[name] = nil }
        let keys = JWKSet(keys: [publicJWK]).verificationKeys()
        let jws = try JWS.verify(token, keys: keys, algorithm: .rs256)
        #expect(jws.header.keyID == "bilbo.baggins@hobbiton.example")
        #expect(String(decoding: jws.payload, as: UTF8.self).hasPrefix("It\u{2019}s a dangerous business, Frodo"))
        let privateKey = try #require(try jwk.signingKey() as? RSAPrivateKey)
        #expect(try privateKey.signature(for: jws.signingInput) == jws.signature)
    }

    /// RFC 7520 §4.3 is ES512 on P-521, which this module deliberately does not implement:
    /// the vector must be refused cleanly, both by key import and by header parsing.
    @Test func rfc7520Section4_3ES512IsRefused() throws {
        let (jwk, fields) = try Fixtures.vector("rfc7520_4_3")
        let token = try #require(fields["jws"]?.stringValue)
        #expect(jwk.members["crv"] == "P-521")
        #expect { try jwk.verificationKey() } throws: { ($0 as? JOSEError)?.code == .invalidKey }
        #expect { try CompactJWS(parsing: token) } throws: { ($0 as? JOSEError)?.code == .unsupportedAlgorithm }
    }

    @Test func rfc7638Section3_1Thumbprint() throws {
        let (jwk, fields) = try Fixtures.vector("rfc7638_3_1")
        #expect(try jwk.thumbprint() == fields["thumbprint"]?.stringValue)
        #expect(try jwk.thumbprint() == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        // The same key exported by us gets the same thumbprint as its kid.
        let key = try #require(try jwk.verificationKey() as? RSAPublicKey)
        #expect(try JWK(key).keyID == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    @Test func sha256AndHMACKnownAnswers() {
        // FIPS 180-2 "abc"; RFC 4231 test case 2.
        #expect(Hex.encode(SHA256.hash("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.encode(HMACSHA256.authenticate(key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Hex.encode(HMACSHA256.authenticate(key: [UInt8](), data: [UInt8]()))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}
