import Foundation
import Support
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Apple's `TokenResponse` (https://developer.apple.com/documentation/signinwithapplerestapi/tokenresponse).
public struct AppleTokenResponse: Sendable, Equatable, Decodable {
    public let accessToken: String?
    /// Documented as `bearer`, sent as `Bearer`
    /// (https://developer.apple.com/documentation/signinwithapplerestapi/tokenresponse): compare
    /// case-insensitively if at all.
    public let tokenType: String?
    public let expiresIn: Int?
    /// Only on code exchange; kept sealed for revocation (TN3194).
    public let refreshToken: String?
    public let idToken: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in"
        case refreshToken = "refresh_token", idToken = "id_token"
    }
}

/// The Sign in with Apple REST API: `/auth/token` (code exchange) and `/auth/revoke`
/// (https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens,
/// https://developer.apple.com/documentation/signinwithapplerestapi/revoke-tokens). Bodies are
/// form-urlencoded, as both pages say.
public struct AppleClient: Sendable {
    public struct Configuration: Sendable {
        public let baseURL: URL
        public let timeout: TimeInterval

        public init(baseURL: URL = URL(string: "https://appleid.apple.com")!, timeout: TimeInterval = 10) {
            self.baseURL = baseURL
            self.timeout = timeout
        }
    }

    public static let maximumBodySize = ProviderEndpoint.maximumBodySize
    public let configuration: Configuration
    public let secret: AppleClientSecret
    private let endpoint: ProviderEndpoint

    public init(configuration: Configuration, secret: AppleClientSecret, session: URLSession = .shared) {
        self.configuration = configuration
        self.secret = secret
        endpoint = ProviderEndpoint(provider: "apple", session: session, timeout: configuration.timeout)
    }

    /// Validates an authorization code (single use, 5 minutes;
    /// https://developer.apple.com/documentation/signinwithapple/configuring-your-webpage-for-sign-in-with-apple).
    /// `clientID` is the client the code was issued to: the bundle ID for native codes, the Services ID
    /// for web codes; `redirectURI` only for web codes
    /// (https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens).
    public func exchangeCode(_ code: String, clientID: String, redirectURI: String? = nil) async throws -> AppleTokenResponse {
        var form = try clientForm(clientID, [("code", code), ("grant_type", "authorization_code")])
        if let redirectURI { form.append("redirect_uri", redirectURI) }
        return try ProviderEndpoint.decode(AppleTokenResponse.self, try await post("auth/token", form),
                                           "apple's token response is not a TokenResponse")
    }

    /// Revokes a refresh or access token (https://developer.apple.com/documentation/signinwithapplerestapi/revoke-tokens).
    /// Apple answers 200 even for unknown tokens (same page), so success is best effort.
    public func revoke(_ token: String, clientID: String, tokenTypeHint: String? = "refresh_token") async throws {
        var form = try clientForm(clientID, [("token", token)])
        if let tokenTypeHint { form.append("token_type_hint", tokenTypeHint) }
        _ = try await post("auth/revoke", form)
    }

    /// `pairs` with the client's authentication: `client_id` and the ES256 client secret made for it
    /// (https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens).
    func clientForm(_ clientID: String, _ pairs: [(name: String, value: String)]) throws -> FormParameters {
        FormParameters(pairs + [("client_id", clientID), ("client_secret", try secret.secret(for: clientID))])
    }

    func post(_ path: String, _ form: FormParameters, bearer: String? = nil) async throws -> Data {
        try await endpoint.post(configuration.baseURL.appendingPathComponent(path), form, bearer: bearer)
    }
}
