import Foundation
import Support
@testable import JOSE

/// An Apple verifier whose key set is our test RSA key under kid "apple-1", served from memory.
struct AppleFixture {
    static let kid = "apple-1"
    static let audience = "com.example.app"
    static let rawNonce = "raw-nonce-0123456789"
    static var hashedNonce: String { Hex.encode(SHA256.hash(rawNonce)) }

    let clock = ManualClock(Fixtures.clockStart)
    let verifier: AppleIdentityTokenVerifier

    init() throws {
        let set = JWKSet(keys: [try JWK(Fixtures.rsa.publicKey, keyID: Self.kid)])
        let configuration = try AppleIdentityTokenVerifier.Configuration(audiences: [Self.audience, "com.example.web"])
        verifier = AppleIdentityTokenVerifier(configuration: configuration, clock: clock, fetcher: StaticKeySetFetcher(set))
    }

    static func claims(_ changes: [String: JSONValue?] = [:]) -> [String: JSONValue] {
        var claims: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": .string(audience), "sub": "001393.6d62abc.1517",
            "iat": .int(Fixtures.now), "exp": .int(Fixtures.now + 600), "nonce": .string(hashedNonce),
            "email": "ep9ks2tnph@privaterelay.appleid.com", "email_verified": "true", "is_private_email": "true",
            "real_user_status": 2, "nonce_supported": true,
        ]
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    static func token(_ changes: [String: JSONValue?] = [:], header: [String: JSONValue]? = nil,
                      key: any JWSSigningKey = Fixtures.rsa) throws -> String {
        try Fixtures.craft(header: header ?? ["alg": "RS256", "kid": .string(kid)], claims: claims(changes)) {
            try key.signature(for: $0)
        }
    }

    func verify(_ token: String, rawNonce: String? = AppleFixture.rawNonce) async throws -> VerifiedIdentity {
        try await verifier.verify(token, rawNonce: rawNonce)
    }
}
