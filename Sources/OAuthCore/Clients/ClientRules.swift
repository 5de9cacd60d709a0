import Foundation
import GoogleRedirects
import Support

/// The rules a client's registration must pass, one owner for `accountlink client add` and
/// `POST /admin/clients` (the HTTP layer and the CLI only parse and store).
public enum ClientRules {
    public enum Failure: Error, Equatable, Sendable {
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

    /// RFC 7662 §4 and RFC 6749 §2.1, §4.4: which kinds of client combine. `hasSecret`: the operator gave one.
    public static func checkKind(_ client: Client, hasSecret: Bool) throws(Failure) {
        if client.isPublic && hasSecret { throw .usage("public clients have no secret") }
        if client.isPublic && client.resourceServer { throw .usage("a resource server must be a confidential client") }
        if client.resourceServer && (client.firstParty || client.appFlip) {
            throw .usage("a resource server only introspects: it cannot also be first-party or App Flip")
        }
        if client.isPublic && client.clientCredentials { throw .usage("client_credentials needs a confidential client") }
    }

    /// OIDC Dynamic Client Registration 1.0 §2 `id_token_signed_response_alg`: a known algorithm whose
    /// key is active (`hasActiveKey`), otherwise the client's ID tokens could not be signed.
    public static func checkIDTokenAlg(_ alg: String, hasActiveKey: (String) throws -> Bool) throws(Failure) {
        guard Client.idTokenAlgs.containsBytes(alg) else {
            throw .data("id_token_signed_response_alg must be RS256 or ES256, not \(alg)")
        }
        let active: Bool
        do { active = try hasActiveKey(alg) } catch { throw .data("cannot read the signing keys: \(error)") }
        guard active else {
            throw .data("id_token_signed_response_alg \(alg) needs an active \(alg) signing key: run `accountlink keys rotate --es256` first")
        }
    }

    /// The id, name and redirect URIs checked; Google's URIs added as asked (`googleProject`, `appFlip`),
    /// repeats (the same bytes) dropped.
    public static func checkedRedirectURIs(
        id: String, name: String, redirectURIs: [String], googleProject: String?, appFlip: Bool
    ) throws(Failure) -> [String] {
        try checkID(id, what: "id")
        guard !name.isEmpty else { throw .usage("name is required") }
        var redirects = redirectURIs
        if let googleProject {
            try checkID(googleProject, what: "google project")
            redirects += GoogleRedirectURIs.web(project: googleProject)
        }
        if appFlip { redirects += GoogleRedirectURIs.appFlip }
        for uri in redirects { try checkRedirectURI(uri) }
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
            guard LoopbackHost.contains(components.host ?? "") else {
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
            guard scheme == "https" || (scheme == "http" && LoopbackHost.contains(host)) else {
                throw .data("web origin \(origin): use https (http only for a loopback host)")
            }
            if !unique.containsBytes(origin) { unique.append(origin) }
        }
        return unique
    }

    /// The secret to store: a confidential client's chosen or generated one (at least 32 characters).
    public static func secret(isPublic: Bool, chosen: String?, random: any RandomSource) throws(Failure) -> String? {
        let secret = isPublic ? nil : (chosen ?? ClientSecret.generate(random))
        if let secret, !ClientSecret.isAcceptable(secret) { throw .data("the secret must be at least 32 characters") }
        return secret
    }
}
