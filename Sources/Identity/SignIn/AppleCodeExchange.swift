import Foundation
import JOSE
import OAuthCore
import Support

/// What sign-in needs to turn Apple's authorization code into a stored refresh token
/// (https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens: exchange
/// immediately, verify the returned `id_token`, keep the
/// refresh token sealed for revocation at deletion, TN3194).
public struct AppleCodeExchange: Sendable {
    public let client: AppleClient
    public let verifier: AppleIdentityTokenVerifier
    public let sealer: TokenSealer

    public init(client: AppleClient, verifier: AppleIdentityTokenVerifier, sealer: TokenSealer) {
        self.client = client
        self.verifier = verifier
        self.sealer = sealer
    }

    /// The sealed `{client_id, refresh_token}`. The code belongs to the token's `aud` (bundle ID for
    /// native codes, Services ID for web;
    /// https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens); native
    /// codes carry no `redirect_uri`.
    func sealedRefreshToken(code: String, identity: VerifiedIdentity, redirectURI: String? = nil) async throws -> [UInt8] {
        let response = try await client.exchangeCode(code, clientID: identity.audience, redirectURI: redirectURI)
        // No nonce: this id_token comes straight from Apple over TLS, but it must name the same person.
        let returned: VerifiedIdentity
        do {
            returned = try await verifier.verify(response.idToken, rawNonce: nil)
        } catch {
            throw AppleClientError.invalidResponse("the id_token from /auth/token does not verify: \(error.code.rawValue)")
        }
        guard returned.subject.sameBytes(identity.subject) else {
            throw AppleClientError.invalidResponse("the id_token from /auth/token names another user")
        }
        guard let refreshToken = response.refreshToken, !refreshToken.isEmpty else {
            throw AppleClientError.invalidResponse("the token response has no refresh_token")
        }
        return try sealer.seal(ProviderToken(clientID: identity.audience, refreshToken: refreshToken), provider: .apple)
    }
}
