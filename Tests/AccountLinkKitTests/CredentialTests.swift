import Foundation
import Testing

@testable import AccountLinkKit

/// What the AuthenticationServices glue hands over, turned into the token-exchange form (RFC 8693 §2.1).
@Suite struct CredentialTests {
    @Test func anAppleCredentialFromASAuthorizationsDataFields() throws {
        let credential = try #require(AppleCredential(
            user: "001.abc", identityToken: Data("eyJ.x.y".utf8), authorizationCode: Data("c1".utf8),
            givenName: "Pat", familyName: ""))
        #expect(credential.identityToken == "eyJ.x.y")
        #expect(credential.authorizationCode == "c1")
        let nonce = AppleNonce(raw: "raw-1")
        let form = Dictionary(uniqueKeysWithValues: credential.exchangeParameters(nonce: nonce))
        #expect(form == [
            "subject_token": "eyJ.x.y", "subject_token_type": "urn:ietf:params:oauth:token-type:id_token",
            "nonce": "raw-1", "apple_authorization_code": "c1", "given_name": "Pat",
        ])
    }

    @Test func noTokenOrATokenThatIsNotUTF8IsNoCredential() {
        #expect(AppleCredential(user: "u", identityToken: nil, authorizationCode: nil, givenName: nil, familyName: nil) == nil)
        #expect(AppleCredential(user: "u", identityToken: Data([0xFF, 0xFE]), authorizationCode: nil, givenName: nil,
                                familyName: nil) == nil)
    }

    @Test func googleSendsANonceOnlyWhenThereIsOne() {
        let plain = Dictionary(uniqueKeysWithValues: GoogleCredential(idToken: "t").exchangeParameters())
        #expect(plain["nonce"] == nil)
        #expect(plain["subject_token"] == "t")
        let full = Dictionary(uniqueKeysWithValues: GoogleCredential(idToken: "t", nonce: "n", serverAuthCode: "4/x")
            .exchangeParameters())
        #expect(full["nonce"] == "n")
        #expect(full["google_server_auth_code"] == "4/x")
    }
}
