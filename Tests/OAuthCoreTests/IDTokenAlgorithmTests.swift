import Foundation
import OAuthCore
import Testing

/// docs/operations.md, OpenID Connect details: a client's ID tokens are signed for its
/// `id_token_signed_response_alg`, at sign-in and at every refresh; other clients keep RS256.
@Suite struct IDTokenAlgorithmTests {
    @Test func eachClientGetsIDTokensOfItsAlgorithm() async throws {
        let f = try Fixture()
        try f.memory.insertClient(
            Client(id: "es-app", name: "ES app", secretHash: nil, redirectURIs: ["com.maker.es:/oauth"],
                   isPublic: true, firstParty: true, createdAt: f.clock.now(), idTokenSignedResponseAlg: "ES256"))
        for (client, algorithm) in [("es-app", "ES256"), ("app", "RS256")] {
            let signIn = await f.token([
                ("grant_type", "password"), ("username", "alice@example.com"), ("password", Fixture.password),
                ("client_id", client), ("scope", "openid email"),
            ])
            #expect(signIn.status == 200)
            #expect(InspectableSigner.algorithm(try #require(signIn.string("id_token"))) == algorithm)
            let refreshed = await f.token([
                ("grant_type", "refresh_token"), ("refresh_token", try #require(signIn.string("refresh_token"))),
                ("client_id", client),
            ])
            #expect(refreshed.status == 200)
            let idToken = try #require(refreshed.string("id_token"))
            #expect(InspectableSigner.algorithm(idToken) == algorithm, "\(client) at refresh")
            #expect(try InspectableSigner.claims(idToken)["aud"] as? String == client)
        }
    }

    @Test func withoutOpenIDThereIsNoIDTokenWhateverTheAlgorithm() async throws {
        let f = try Fixture()
        try f.memory.insertClient(
            Client(id: "es-app", name: "ES app", secretHash: nil, redirectURIs: ["com.maker.es:/oauth"],
                   isPublic: true, firstParty: true, createdAt: f.clock.now(), idTokenSignedResponseAlg: "ES256"))
        let signIn = await f.token([
            ("grant_type", "password"), ("username", "alice@example.com"), ("password", Fixture.password),
            ("client_id", "es-app"), ("scope", "email"),
        ])
        #expect(signIn.status == 200)
        #expect(signIn.string("id_token") == nil)
    }
}
