import Foundation
import Support
import Testing
@testable import JOSE

/// Cross-checks with independent implementations (PyJWT, jwcrypto) through Tests/Peers/jose_peer.py.
/// A missing python3 or module FAILS these tests with the reason; nothing is skipped.
@Suite struct PeerTests {
    static let claims: JSONValue = ["iss": "https://accounts.example/", "sub": "user-1", "aud": "client-1",
                                    "iat": 1_800_000_000, "exp": 1_800_000_600, "name": "Zoë / \"Q\""]

    @Test func pythonAndModulesArePresent() throws {
        let answer = try PythonPeer.run(["op": "check"])
        #expect(answer["ok"] == true)
    }

    @Test(arguments: [JWSAlgorithm.rs256, .es256])
    func tokensPythonSignsVerifyHere(algorithm: JWSAlgorithm) throws {
        let answer = try PythonPeer.run(["op": "sign", "alg": .string(algorithm.rawValue), "claims": Self.claims, "kid": "py-1"])
        let token = try #require(answer["token"]?.stringValue)
        let jwks = try #require(answer["jwks"])
        let keys = try JWKSet(json: Array(jwks.serialized.utf8)).verificationKeys()
        let jws = try JWS.verify(token, keys: keys, algorithm: algorithm)
        #expect(try jws.claims().members == Self.claims.objectValue)
        let other: JWSAlgorithm = algorithm == .rs256 ? .es256 : .rs256
        #expect(throws: JOSEError.self) { try JWS.verify(token, keys: keys, algorithm: other) }
    }

    @Test(arguments: [JWSAlgorithm.rs256, .es256])
    func tokensAndJWKSWeProduceVerifyInPython(algorithm: JWSAlgorithm) throws {
        let key = try SigningKey.generate(algorithm)
        let token = try key.sign(claims: Self.claims.objectValue!)
        let jwks = [key].jwkSet.serialized
        #expect(!jwks.contains("\"d\""))
        let answer = try PythonPeer.run(["op": "verify", "alg": .string(algorithm.rawValue), "token": .string(token),
                                         "jwks": JSONParser.parse(Array(jwks.utf8)), "audience": "client-1"])
        #expect(answer["claims"] == Self.claims)
        // jwcrypto's RFC 7638 thumbprint equals the kid we derived.
        #expect(answer["thumbprint"]?.stringValue == key.keyID)
    }

    @Test func appleStyleClientSecretVerifiesInPython() throws {
        // https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret:
        // ES256, raw r‖s, `aud` with unescaped slashes.
        let p8 = try P256PrivateKey.generate().pkcs8PEM
        let key = try SigningKey(pem: p8, keyID: "ABC123DEFG")
        let claims: [String: JSONValue] = ["iss": "DEF123GHIJ", "iat": 1_800_000_000, "exp": 1_800_003_600,
                                           "aud": "https://appleid.apple.com", "sub": "com.mytest.app"]
        let token = try key.sign(claims: claims, type: nil)
        let payload = try Base64URL.decode(token.split(separator: ".")[1])
        #expect(String(decoding: payload, as: UTF8.self)
                == #"{"aud":"https://appleid.apple.com","exp":1800003600,"iat":1800000000,"iss":"DEF123GHIJ","sub":"com.mytest.app"}"#)
        let answer = try PythonPeer.run(["op": "verify", "alg": "ES256", "token": .string(token),
                                         "jwks": .object(["keys": [.object(key.publicJWK.members)]]),
                                         "audience": "https://appleid.apple.com"])
        #expect(answer["claims"]?.objectValue?["sub"] == "com.mytest.app")
    }
}
