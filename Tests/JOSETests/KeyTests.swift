import Foundation
import Support
import Testing
@testable import JOSE

@Suite struct KeyTests {
    let masterKey = SeededRandom(seed: 7).bytes(32)

    @Test(arguments: [JWSAlgorithm.rs256, .es256])
    func signingKeySealsAndOpens(algorithm: JWSAlgorithm) throws {
        let key = try SigningKey.generate(algorithm)
        #expect(key.algorithm == algorithm)
        let sealed = try key.sealedPrivateKey(masterKey: masterKey)
        let opened = try SigningKey(sealedPrivateKey: sealed, masterKey: masterKey, keyID: key.keyID)
        #expect(opened.publicJWK == key.publicJWK)
        let token = try opened.sign(claims: ["sub": "a"])
        #expect(try JWS.verify(token, with: key.verificationKey).header.keyID == key.keyID)
        #expect(throws: JOSEError.self) { try SigningKey(sealedPrivateKey: sealed, masterKey: SeededRandom(seed: 8).bytes(32), keyID: key.keyID) }
        #expect(throws: JOSEError.self) { try SigningKey(sealedPrivateKey: sealed, masterKey: self.masterKey, keyID: "other") }
    }

    @Test func rsaPEMAndJWKRoundTrips() throws {
        let key = Fixtures.rsa
        let again = try RSAPrivateKey(pem: key.pkcs8PEM)
        #expect(try again.publicKey.modulus == key.publicKey.modulus)
        let viaJWK = try #require(try JWK(privateKey: key).signingKey() as? RSAPrivateKey)
        #expect(try viaJWK.pkcs8DER == key.pkcs8DER)
        let publicAgain = try RSAPublicKey(pem: key.publicKey.pem)
        #expect(try publicAgain.spkiDER == key.publicKey.spkiDER)
        #expect(try key.publicKey.exponent == [1, 0, 1])
    }

    @Test func p256PEMAndJWKRoundTrips() throws {
        let key = Fixtures.p256
        let again = try P256PrivateKey(pem: key.pkcs8PEM)
        #expect(try again.d == key.d)
        let jwk = try JWK(privateKey: key)
        let viaJWK = try #require(try jwk.signingKey() as? P256PrivateKey)
        #expect(try viaJWK.publicKey.x == key.publicKey.x)
        #expect(try P256PublicKey(pem: key.publicKey.pem).y == key.publicKey.y)
        // A private JWK whose public half does not match is refused.
        var mismatched = jwk
        mismatched.members["x"] = try JWK(P256PrivateKey.generate().publicKey).members["x"]
        mismatched.members["y"] = try JWK(P256PrivateKey.generate().publicKey).members["y"]
        #expect(throws: JOSEError.self) { try mismatched.signingKey() }
    }

    @Test func appleP8FromOpenSSLCommandLine() throws {
        // An independently produced PKCS#8 P-256 key, the format of Apple's AuthKey_XXXX.p8.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let pem = String(decoding: output.fileHandleForReading.readToEndRetrying(), as: UTF8.self)
        process.waitUntilExit()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let key = try SigningKey(pem: pem, keyID: "ABC123DEFG")
        #expect(key.algorithm == .es256)
        #expect(key.publicJWK.members["crv"] == "P-256")
    }

    @Test func otherCurvesAreNotP256() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:secp256k1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let pem = String(decoding: output.fileHandleForReading.readToEndRetrying(), as: UTF8.self)
        process.waitUntilExit()
        #expect { try P256PrivateKey(pem: pem) } throws: { ($0 as? JOSEError)?.code == .invalidKey }
        #expect(throws: JOSEError.self) { try SigningKey(pem: pem) }
    }

    @Test func weakOrForeignKeysAreRefused() throws {
        #expect(throws: JOSEError.self) { try RSAPrivateKey.generate(bits: 1024) }
        #expect(throws: JOSEError.self) { try P256PublicKey(x: [UInt8](repeating: 1, count: 32), y: [UInt8](repeating: 2, count: 32)) }
        #expect(throws: JOSEError.self) { try RSAPublicKey(pem: Fixtures.p256.publicKey.pem) }
        #expect(throws: JOSEError.self) { try HMACKey(secret: [1, 2, 3]) }
        var encryptionKey = try JWK(Fixtures.rsa.publicKey)
        encryptionKey.members["use"] = "enc"
        #expect(throws: JOSEError.self) { try encryptionKey.verificationKey() }
    }

    @Test func jwkSetIgnoresUnusableEntries() throws {
        let good = try JWK(Fixtures.rsa.publicKey, keyID: "good")
        let text = #"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"AA","kid":"ed"},"# + good.serialized
            + #",{"kty":"RSA","n":"AQAB","e":"AQAB","kid":"tiny"}]}"#
        let keys = try JWKSet(json: Array(text.utf8)).verificationKeys()
        #expect(keys.keyIDs == ["good"])
    }

    @Test func claimsJSONIsSortedWithUnescapedSlashes() throws {
        let token = try JWS.sign(claims: ["z": 1, "a": "https://x/y", "m": ["k": true]], with: Fixtures.p256, keyID: "k1")
        let parts = token.split(separator: ".")
        #expect(String(decoding: try Base64URL.decode(parts[0]), as: UTF8.self) == #"{"alg":"ES256","kid":"k1","typ":"JWT"}"#)
        #expect(String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self) == #"{"a":"https://x/y","m":{"k":true},"z":1}"#)
    }

    @Test func keysAreSafeToShareAcrossConcurrentTasks() async throws {
        let key = Fixtures.p256, rsa = Fixtures.rsa
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<25 {
                        let input = Array("task \(task) item \(i)".utf8)
                        guard key.publicKey.isValidSignature(try key.signature(for: input), for: input),
                              rsa.publicKey.isValidSignature(try rsa.signature(for: input), for: input),
                              !rsa.publicKey.isValidSignature(try rsa.signature(for: input), for: input + [0])
                        else { throw TestFailure("a concurrent signature did not verify") }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func benchmarkRunsBriefly() throws {
        let figures = try JOSEBenchmark.run(seconds: 0.2)
        #expect((figures["rs256_verify_per_s"] ?? 0) > 0)
        #expect((figures["es256_sign_per_s"] ?? 0) > 0)
    }
}
