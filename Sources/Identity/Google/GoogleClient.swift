import Foundation
import Support
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Google's token endpoint response to a code exchange (RFC 6749 §5.1,
/// https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code).
public struct GoogleTokenResponse: Sendable, Equatable, Decodable {
    public let accessToken: String?
    public let expiresIn: Int?
    /// Only the first exchange for a person yields one
    /// (https://developer.android.com/identity/legacy/gsi/offline-access): kept sealed for revocation.
    public let refreshToken: String?
    public let idToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", expiresIn = "expires_in", refreshToken = "refresh_token", idToken = "id_token"
    }
}

/// Google's OAuth endpoints for offline access with the web (server) client: the code exchange at
/// `ACCOUNTLINK_GOOGLE_TOKEN_URL` and revocation at `ACCOUNTLINK_GOOGLE_REVOKE_URL`
/// (https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke).
public struct GoogleClient: Sendable {
    public struct Configuration: Sendable {
        public let tokenURL: URL
        public let revokeURL: URL
        /// The web client whose ID is the app's `serverClientID`; `aud` of the returned `id_token`.
        public let clientID: String
        public let clientSecret: String
        public let timeout: TimeInterval

        public init(tokenURL: URL = URL(string: "https://oauth2.googleapis.com/token")!,
                    revokeURL: URL = URL(string: "https://oauth2.googleapis.com/revoke")!,
                    clientID: String, clientSecret: String, timeout: TimeInterval = 10) {
            self.tokenURL = tokenURL
            self.revokeURL = revokeURL
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.timeout = timeout
        }
    }

    public let configuration: Configuration
    private let endpoint: ProviderEndpoint

    public init(configuration: Configuration, session: URLSession = .shared) {
        self.configuration = configuration
        endpoint = ProviderEndpoint(provider: "google", session: session, timeout: configuration.timeout)
    }

    /// Exchanges the app's `serverAuthCode` (`redirect_uri` is the empty string for codes from a native
    /// app: https://developers.google.com/identity/sign-in/ios/offline-access), or the web sign-in's
    /// code with its redirect URI and PKCE verifier (RFC 7636 §4.5).
    public func exchangeCode(_ code: String, redirectURI: String = "", codeVerifier: String? = nil) async throws
        -> GoogleTokenResponse
    {
        var pairs: [(name: String, value: String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("client_id", configuration.clientID),
            ("client_secret", configuration.clientSecret), ("redirect_uri", redirectURI),
        ]
        if let codeVerifier { pairs.append(("code_verifier", codeVerifier)) }
        return try ProviderEndpoint.decode(GoogleTokenResponse.self, try await post(configuration.tokenURL, pairs),
                                           "google's token response is not JSON of the expected shape")
    }

    /// Revokes a refresh token. Google answers 400 `invalid_token` for a token that is already dead:
    /// that is the outcome we wanted, so it counts as done.
    public func revoke(_ token: String) async throws {
        do {
            _ = try await post(configuration.revokeURL, [("token", token)])
        } catch ProviderCallError.rejected(.invalidToken, _) {
            return
        }
    }

    private func post(_ url: URL, _ pairs: [(name: String, value: String)]) async throws -> Data {
        try await endpoint.post(url, FormParameters(pairs))
    }
}
