import Foundation
import Support

/// A client that proved who it is at the token, revocation or introspection endpoint.
public struct AuthenticatedClient: Sendable, Equatable {
    public enum Method: String, Sendable {
        case clientSecretBasic = "client_secret_basic"
        case clientSecretPost = "client_secret_post"
        case none
    }

    public var client: Client
    public var method: Method
}

/// RFC 6749 §2.3: HTTP Basic or body credentials, never both; public clients send `client_id` only.
public struct ClientAuthenticator: Sendable {
    /// The token path's reads of a client (and of the token it presents with it).
    public typealias Store = TokenPathStore & Sendable

    let storage: any Store
    let cache: ClientCache

    public init(storage: any Store, cache: ClientCache = ClientCache(seconds: 0)) {
        self.storage = storage
        self.cache = cache
    }

    /// With the environment's store and client cache.
    public init(environment: OAuthEnvironment) {
        self.init(storage: environment.storage, cache: environment.clientCache)
    }

    public func authenticate(_ parameters: FormParameters, authorization: String?) async throws(OAuthError)
        -> AuthenticatedClient
    {
        try await authenticate(parameters, authorization: authorization) { try await storage.readClient(id: $0) }
    }

    /// `authenticate`, reading the token stored under `tokenHash` (when live at `now`) in the same query
    /// as the client (TokenPathStore): one round trip for introspection and the refresh grant. `token`
    /// is nil when it was not read (the client came from the cache: the caller reads the token itself
    /// if it needs it), `.some(nil)` when it is not live. It is handed out only to an authenticated client.
    public func authenticate(
        _ parameters: FormParameters, authorization: String?, presenting tokenHash: String, at now: Date
    ) async throws(OAuthError) -> (client: AuthenticatedClient, token: LiveToken??) {
        var token: LiveToken??
        let client = try await authenticate(parameters, authorization: authorization) { id in
            let found = try await storage.readClient(id: id, liveToken: tokenHash, at: now)
            token = .some(found.token)
            return found.client
        }
        return (client, token)
    }

    private func authenticate(
        _ parameters: FormParameters, authorization: String?, lookup: (String) async throws -> Client?
    ) async throws(OAuthError) -> AuthenticatedClient {
        let basic = try Self.basicCredentials(authorization)
        let bodyID = parameters["client_id"]
        let bodySecret = parameters["client_secret"]
        // RFC 6749 §2.3: a client MUST NOT use more than one authentication method per request.
        if basic != nil && bodySecret != nil {
            throw .invalidRequest("use either HTTP Basic or client_secret, not both")
        }
        if let basic {
            if let bodyID, !bodyID.sameBytes(basic.id) {
                throw .invalidRequest("client_id differs from the Basic credentials")
            }
            return try await check(id: basic.id, secret: basic.secret, method: .clientSecretBasic, lookup)
        }
        guard let bodyID, !bodyID.isEmpty else { throw .invalidClient(detail: "no client credentials") }
        return try await check(
            id: bodyID, secret: bodySecret, method: bodySecret == nil ? .none : .clientSecretPost, lookup)
    }

    private func check(
        id: String, secret: String?, method: AuthenticatedClient.Method, _ lookup: (String) async throws -> Client?
    ) async throws(OAuthError) -> AuthenticatedClient {
        let basic = method == .clientSecretBasic
        // A cached client (ClientCache) is not read again; `lookup` runs only on a miss.
        let found = try await OAuthError.mapping { try await cache.client(id: id) { try await lookup(id) } }
        guard let client = found else {
            // Same answer as a wrong secret, and the secret is hashed either way. (A client id recently
            // authenticated answers without a store read, so timing can tell such an id exists; client ids
            // are not secrets, and the secret check is the same.)
            _ = ClientSecret.matches(secret ?? "", storedHash: "")
            throw .invalidClient(detail: "unknown client", basic: basic)
        }
        if client.isPublic {
            // RFC 6749 §2.1: public clients cannot authenticate; they identify themselves (+ PKCE).
            guard secret == nil else {
                throw .invalidClient(detail: "public client sent a secret", basic: basic)
            }
            return AuthenticatedClient(client: client, method: .none)
        }
        guard let secret, let stored = client.secretHash, ClientSecret.matches(secret, storedHash: stored)
        else {
            throw .invalidClient(detail: "wrong or missing client secret", basic: basic)
        }
        return AuthenticatedClient(client: client, method: method)
    }

    /// RFC 6749 §2.3.1: Basic with the id and secret form-url-encoded (Appendix B) before base64.
    static func basicCredentials(_ header: String?) throws(OAuthError) -> (id: String, secret: String)? {
        guard let header, let credentials = AuthorizationScheme.parameter(of: header, scheme: "basic") else { return nil }
        guard let bytes = Base64.decode(credentials.trimmingOWS),
            let text = String(validating: bytes, as: UTF8.self), let colon = text.firstIndex(of: ":")
        else { throw .invalidClient("malformed HTTP Basic credentials", basic: true) }
        let id = FormEncoding.decodeComponent(text[..<colon])
        let secret = FormEncoding.decodeComponent(text[text.index(after: colon)...])
        guard !id.isEmpty else { throw .invalidClient("malformed HTTP Basic credentials", basic: true) }
        return (id, secret)
    }
}
