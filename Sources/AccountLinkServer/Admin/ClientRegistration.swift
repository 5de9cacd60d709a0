import AppFlipKit
import Foundation
import JOSE
import OAuthCore

/// Registering a client, shared by `accountlink client add` and `POST /admin/clients` so that both
/// apply the same rules (one owner per rule).
public struct ClientRegistration: Sendable {
    public enum Failure: Error, Equatable {
        /// The request is malformed (CLI exit 64, HTTP 400).
        case usage(String)
        /// The values are unacceptable (CLI exit 65, HTTP 400).
        case data(String)
        /// A client with that id exists (CLI exit 65, HTTP 409).
        case conflict(String)

        public var message: String {
            switch self {
            case .usage(let text), .data(let text), .conflict(let text): text
            }
        }
    }

    public var id: String
    public var name: String
    public var googleProject: String?
    public var appFlip = false
    public var redirectURIs: [String] = []
    public var scopes: [String] = []
    public var isPublic = false
    public var firstParty = false
    public var rotateRefreshTokens = false
    public var resourceServer = false
    public var clientCredentials = false
    /// OIDC Dynamic Client Registration 1.0 §2 `id_token_signed_response_alg`: RS256 or ES256.
    public var idTokenSignedResponseAlg = Client.defaultIDTokenAlg
    /// Browser origins allowed by CORS (CrossOriginMiddleware), each `scheme://host[:port]`.
    public var webOrigins: [String] = []
    /// OIDC Back-Channel Logout 1.0 §2.2 `backchannel_logout_uri`: an absolute http(s) URL without a fragment.
    public var backchannelLogoutURI: String?
    /// A secret the operator chose; nil: one is generated for a confidential client.
    public var secret: String?

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Validates, stores and audits the client; returns it with the secret to show once (nil for public clients).
    public func register(_ runtime: Runtime, actor: String) throws(Failure) -> (client: Client, secret: String?) {
        let redirects = try checkedRedirectURIs()
        if isPublic && secret != nil { throw .usage("public clients have no secret") }
        if isPublic && resourceServer { throw .usage("a resource server must be a confidential client") }
        if resourceServer && (firstParty || appFlip) {
            throw .usage("a resource server only introspects: it cannot also be first-party or App Flip")
        }
        if isPublic && clientCredentials { throw .usage("client_credentials needs a confidential client") }
        try checkIDTokenAlg(runtime)
        let origins = try Self.checkedWebOrigins(webOrigins)
        try Self.checkBackchannelLogoutURI(backchannelLogoutURI)
        let secret = isPublic ? nil : (self.secret ?? ClientSecret.generate(runtime.random))
        if let secret, !ClientSecret.isAcceptable(secret) { throw .data("the secret must be at least 32 characters") }
        let client = Client(
            id: id, name: name, secretHash: secret.map(ClientSecret.hash), redirectURIs: redirects, scopes: scopes,
            isPublic: isPublic, firstParty: firstParty, appFlip: appFlip, rotateRefreshTokens: rotateRefreshTokens,
            createdAt: runtime.clock.now(), resourceServer: resourceServer, clientCredentials: clientCredentials,
            idTokenSignedResponseAlg: idTokenSignedResponseAlg, webOrigins: origins,
            backchannelLogoutURI: backchannelLogoutURI)
        do {
            try runtime.storage.insertClient(client)
        } catch StoreError.conflict {
            throw .conflict("a client with id \(id) already exists")
        } catch {
            throw .data("cannot store the client: \(error)")
        }
        runtime.audit("client.added", clientID: id, detail: "by \(actor)")
        return (client, secret)
    }

    /// §2.2: "MUST be an absolute URI", "MAY contain port, path, and query", "MUST NOT include any fragment".
    static func checkBackchannelLogoutURI(_ uri: String?) throws(Failure) {
        guard let uri else { return }
        guard let url = URL(string: uri), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host != nil, url.fragment == nil, !uri.contains("#")
        else { throw .data("backchannel_logout_uri must be an absolute http(s) URL without a fragment, not \(uri)") }
    }

    /// A known algorithm whose key is active now: otherwise the client's ID tokens could not be signed.
    func checkIDTokenAlg(_ runtime: Runtime) throws(Failure) {
        guard Client.idTokenAlgs.containsBytes(idTokenSignedResponseAlg) else {
            throw .data("id_token_signed_response_alg must be RS256 or ES256, not \(idTokenSignedResponseAlg)")
        }
        let active: SigningKey?
        // Read from the store, not the cache: the key may have been made by the CLI a moment ago.
        do { active = try runtime.keyRing.refresh().activeByAlgorithm[idTokenSignedResponseAlg] } catch {
            throw .data("cannot read the signing keys: \(error)")
        }
        guard active != nil else {
            throw .data("id_token_signed_response_alg \(idTokenSignedResponseAlg) needs an active \(idTokenSignedResponseAlg) signing key: run `accountlink keys rotate --es256` first")
        }
    }

    /// The id, name and redirect URIs checked; Google's URIs added as asked. Stores nothing.
    public func checkedRedirectURIs() throws(Failure) -> [String] {
        try Self.checkID(id, what: "id")
        guard !name.isEmpty else { throw .usage("name is required") }
        var redirects = redirectURIs
        if let googleProject {
            try Self.checkID(googleProject, what: "google project")
            redirects += GoogleRedirectURIs.web(project: googleProject)
        }
        if appFlip { redirects += GoogleRedirectURIs.appFlip }
        for uri in redirects { try Self.checkRedirectURI(uri) }
        var unique: [String] = []
        for uri in redirects where !unique.containsBytes(uri) { unique.append(uri) }
        return unique
    }

    /// Client ids stay to letters, digits, `.`, `_`, `-`: odd characters caused URL-encoding
    /// mismatches with Google's redirect URIs
    /// (https://developers.google.com/identity/account-linking/google-api-reference).
    public static func checkID(_ id: String, what: String) throws(Failure) {
        // By bytes: as Characters, a Kelvin sign (U+212A) would pass for `K`.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)
        guard !id.isEmpty, id.utf8.count <= 128, id.utf8.allSatisfy(allowed.contains) else {
            throw .usage("\(what) may contain only letters, digits, '.', '_' and '-' (1 to 128 characters)")
        }
    }

    /// RFC 6749 §3.1.2: absolute, no fragment; https, http only on loopback (RFC 8252 §7.3), or a
    /// private-use scheme for native apps (RFC 8252 §7.1).
    public static func checkRedirectURI(_ uri: String) throws(Failure) {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased() else {
            throw .data("redirect URI \(uri) is not an absolute URI")
        }
        guard components.fragment == nil else { throw .data("redirect URI \(uri) must not have a fragment") }
        switch scheme {
        case "https":
            guard let host = components.host, !host.isEmpty else { throw .data("redirect URI \(uri) has no host") }
        case "http":
            guard ConfigurationLoader.isLoopback(components.host ?? "") else {
                throw .data("redirect URI \(uri): http is allowed only for a loopback host")
            }
        default:
            guard scheme.contains(".") else {
                throw .data("redirect URI \(uri): use https, loopback http, or a reverse-DNS private-use scheme")
            }
        }
    }

    /// RFC 6454 §6.2: an origin is `scheme "://" host [ ":" port ]`, nothing more, in the form a browser
    /// sends in `Origin` (lower case, no default port, no slash): https, or http on a loopback host.
    public static func checkedWebOrigins(_ origins: [String]) throws(Failure) -> [String] {
        var unique: [String] = []
        for origin in origins {
            guard let url = URLComponents(string: origin), let scheme = url.scheme, let host = url.host, !host.isEmpty,
                url.path.isEmpty, url.query == nil, url.fragment == nil, url.user == nil,
                origin.sameBytes(origin.lowercased())
            else { throw .data("web origin \(origin) must be scheme://host[:port] in lower case, without a path") }
            guard scheme == "https" || (scheme == "http" && ConfigurationLoader.isLoopback(host)) else {
                throw .data("web origin \(origin): use https (http only for a loopback host)")
            }
            if !unique.containsBytes(origin) { unique.append(origin) }
        }
        return unique
    }
}
