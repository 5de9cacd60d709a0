import Foundation

/// A registered OAuth client (RFC 6749 §2). Google's Cloud-to-cloud integration is one; the maker's
/// own app is another (`firstParty`).
public struct Client: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    /// Hash of the client secret (see `SecretHasher`); nil for public clients.
    public var secretHash: String?
    /// Exact-match list (RFC 6749 §3.1.2.3; Google's `/r/PROJECT` and App Flip `/a/BUNDLE` URIs).
    public var redirectURIs: [String]
    /// Scopes this client may be granted; empty means any scope the server knows.
    public var scopes: [String]
    public var isPublic: Bool
    /// The maker's own app: may use the password and token-exchange grants and App Flip; consent implied.
    public var firstParty: Bool
    /// Registered with Google's App Flip redirect URIs.
    public var appFlip: Bool
    /// Opt-in refresh-token rotation with reuse detection; Google clients keep it off (Google's guidance).
    public var rotateRefreshTokens: Bool
    public var createdAt: Date
    /// The maker's resource server (its smart-home fulfillment): a confidential client that may
    /// introspect tokens of every client, and do nothing else (RFC 7662 §4).
    public var resourceServer: Bool = false
    /// May use the client_credentials grant (RFC 6749 §4.4); confidential clients only.
    public var clientCredentials: Bool = false
    /// The JWS algorithm of this client's ID tokens (OIDC Dynamic Client Registration 1.0 §2
    /// `id_token_signed_response_alg`): `RS256` (the default) or `ES256`.
    public var idTokenSignedResponseAlg: String = Client.defaultIDTokenAlg
    /// Browser origins (`scheme://host[:port]`, RFC 6454 §6.2) whose scripts may call the token,
    /// UserInfo, revocation, discovery and key endpoints (Fetch Standard, CORS protocol).
    public var webOrigins: [String] = []
    /// OIDC Back-Channel Logout 1.0 §2.2 `backchannel_logout_uri`: where logout tokens are POSTed; nil: none.
    public var backchannelLogoutURI: String? = nil

    /// OIDC Core §15.1: RS256 is what every relying party can verify.
    public static let defaultIDTokenAlg = "RS256"
    /// The values `idTokenSignedResponseAlg` may take.
    public static let idTokenAlgs = ["RS256", "ES256"]

    public init(id: String, name: String, secretHash: String?, redirectURIs: [String], scopes: [String] = [],
                isPublic: Bool = false, firstParty: Bool = false, appFlip: Bool = false,
                rotateRefreshTokens: Bool = false, createdAt: Date, resourceServer: Bool = false,
                clientCredentials: Bool = false, idTokenSignedResponseAlg: String = Client.defaultIDTokenAlg,
                webOrigins: [String] = [], backchannelLogoutURI: String? = nil) {
        self.id = id
        self.name = name
        self.secretHash = secretHash
        self.redirectURIs = redirectURIs
        self.scopes = scopes
        self.isPublic = isPublic
        self.firstParty = firstParty
        self.appFlip = appFlip
        self.rotateRefreshTokens = rotateRefreshTokens
        self.createdAt = createdAt
        self.resourceServer = resourceServer
        self.clientCredentials = clientCredentials
        self.idTokenSignedResponseAlg = idTokenSignedResponseAlg
        self.webOrigins = webOrigins
        self.backchannelLogoutURI = backchannelLogoutURI
    }
}
