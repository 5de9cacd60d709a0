import Foundation
import JOSE
import OAuthCore
import Support

/// Google Sign-In on the web: the authorization-code flow with PKCE and a nonce, the code redeemed by
/// the injected `GoogleClient` with the web client's credentials, then the same ID-token checks as
/// native sign-in (https://developers.google.com/identity/openid-connect/openid-connect#server-flow).
public struct GoogleWebSignIn: Sendable {
    let client: GoogleClient
    let verifier: GoogleIdentityTokenVerifier
    let signIn: SignInService

    public init(client: GoogleClient, verifier: GoogleIdentityTokenVerifier, signIn: SignInService) {
        self.client = client
        self.verifier = verifier
        self.signIn = signIn
    }

    /// The code from the callback, for the record taken from its `state`; `redirectURI` exactly as sent
    /// to Google's authorization endpoint (RFC 6749 §4.1.3).
    public func callback(_ record: WebSignInState, code: String, redirectURI: String) async throws -> WebSignInOutcome {
        let answer: GoogleTokenResponse
        do {
            answer = try await client.exchangeCode(code, redirectURI: redirectURI, codeVerifier: record.codeVerifier)
        } catch let error as ProviderCallError {
            throw error.isTemporary ? SignInService.Failure.providerUnavailable : SignInService.Failure.authorizationCodeRefused
        }
        guard let idToken = answer.idToken else { throw SignInService.Failure.authorizationCodeRefused }
        let identity = try await verifier.verify(idToken, nonce: record.rawNonce)
        return try await signIn.finishWebSignIn(.google, identity: identity, record: record,
                                                names: (identity.givenName, identity.familyName), appleCode: nil,
                                                appleRedirectURI: nil)
    }
}
