import Foundation
import JOSE
import OAuthCore
import Support

/// The one code exchange of sign-in: a provider's authorization code becomes a refresh token kept sealed,
/// so that deleting the account or removing the identity revokes it at the provider (TN3194 for Apple;
/// https://developers.google.com/identity/sign-in/ios/offline-access for Google's `serverAuthCode`).
/// Redeem the code, verify the returned `id_token` with the provider's verifier (no nonce: it comes
/// straight from the provider over TLS) and require that it names the same person, then seal.
public struct ProviderCodeExchange: Sendable {
    struct Answer: Sendable {
        let idToken: String?
        let refreshToken: String?
        /// The client the refresh token belongs to (revocation needs it).
        let clientID: String
    }

    public let provider: LinkedIdentity.Provider
    public let sealer: TokenSealer
    let redeem: @Sendable (_ code: String, _ identity: VerifiedIdentity, _ redirectURI: String?) async throws -> Answer
    let verify: @Sendable (_ idToken: String) async throws(JOSEError) -> VerifiedIdentity
    /// Apple answers every code exchange with a refresh token; Google only the first time a person grants
    /// offline access (https://developer.android.com/identity/legacy/gsi/offline-access).
    let refreshTokenAlways: Bool

    /// Apple's `/auth/token`: the code belongs to the identity token's `aud` (bundle ID for native codes,
    /// Services ID for web, which alone carry a `redirect_uri`;
    /// https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens).
    public static func apple(client: AppleClient, verifier: AppleIdentityTokenVerifier, sealer: TokenSealer) -> Self {
        Self(provider: .apple, sealer: sealer, redeem: { code, identity, redirectURI in
            let answer = try await client.exchangeCode(code, clientID: identity.audience, redirectURI: redirectURI)
            return Answer(idToken: answer.idToken, refreshToken: answer.refreshToken, clientID: identity.audience)
        }, verify: { idToken throws(JOSEError) in try await verifier.verify(idToken, rawNonce: nil) }, refreshTokenAlways: true)
    }

    /// Google's token endpoint with the web (server) client: `redirect_uri` is empty for a native app's
    /// `serverAuthCode` (https://developers.google.com/identity/sign-in/ios/offline-access).
    public static func google(client: GoogleClient, verifier: GoogleIdentityTokenVerifier, sealer: TokenSealer) -> Self {
        Self(provider: .google, sealer: sealer, redeem: { code, _, _ in
            let answer = try await client.exchangeCode(code)
            return Answer(idToken: answer.idToken, refreshToken: answer.refreshToken, clientID: client.configuration.clientID)
        }, verify: { idToken throws(JOSEError) in try await verifier.verify(idToken, nonce: nil) }, refreshTokenAlways: false)
    }

    /// The sealed `{client_id, refresh_token}`, or nil when the provider sent none and need not.
    func sealedRefreshToken(code: String, identity: VerifiedIdentity, redirectURI: String? = nil) async throws -> [UInt8]? {
        let answer = try await redeem(code, identity, redirectURI)
        guard let idToken = answer.idToken else {
            throw ProviderCallError.invalidResponse("\(provider.rawValue)'s token response has no id_token")
        }
        let returned: VerifiedIdentity
        do {
            returned = try await verify(idToken)
        } catch {
            throw ProviderCallError.invalidResponse("the id_token from \(provider.rawValue)'s token endpoint does not verify: \(error.code.rawValue)")
        }
        guard returned.subject.sameBytes(identity.subject) else {
            throw ProviderCallError.invalidResponse("the id_token from \(provider.rawValue)'s token endpoint names another user")
        }
        guard let refreshToken = answer.refreshToken, !refreshToken.isEmpty else {
            if refreshTokenAlways { throw ProviderCallError.invalidResponse("the token response has no refresh_token") }
            return nil
        }
        return try sealer.seal(ProviderToken(clientID: answer.clientID, refreshToken: refreshToken), provider: provider)
    }
}
