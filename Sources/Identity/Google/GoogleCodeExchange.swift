import Foundation
import JOSE
import OAuthCore
import Support

/// Google offline access (docs/sign-in.md, "Google offline access": `google_server_auth_code`): the app's
/// `serverAuthCode` becomes a
/// refresh token kept sealed, so that deleting the account or removing the identity revokes it at Google
/// (https://developers.google.com/identity/sign-in/ios/offline-access). The returned `id_token` must name the
/// same person.
public struct GoogleCodeExchange: Sendable {
    public let client: GoogleClient
    public let verifier: GoogleIdentityTokenVerifier
    public let sealer: TokenSealer

    public init(client: GoogleClient, verifier: GoogleIdentityTokenVerifier, sealer: TokenSealer) {
        self.client = client
        self.verifier = verifier
        self.sealer = sealer
    }

    /// The sealed `{client_id, refresh_token}`, or nil when Google sent no refresh token (it sends one
    /// only the first time a person grants offline access,
    /// https://developer.android.com/identity/legacy/gsi/offline-access).
    func sealedRefreshToken(code: String, identity: VerifiedIdentity) async throws -> [UInt8]? {
        let response = try await client.exchangeCode(code)
        guard let idToken = response.idToken else {
            throw ProviderCallError.invalidResponse("google's token response has no id_token")
        }
        let returned: VerifiedIdentity
        do {
            returned = try await verifier.verify(idToken, nonce: nil)
        } catch {
            throw ProviderCallError.invalidResponse("the id_token from google's token endpoint does not verify: \(error.code.rawValue)")
        }
        guard returned.subject.sameBytes(identity.subject) else {
            throw ProviderCallError.invalidResponse("the id_token from google's token endpoint names another user")
        }
        guard let refreshToken = response.refreshToken, !refreshToken.isEmpty else { return nil }
        return try sealer.seal(ProviderToken(clientID: client.configuration.clientID, refreshToken: refreshToken),
                               provider: .google)
    }
}
