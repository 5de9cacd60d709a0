import Foundation

/// Registering a client, shared by `accountlink client add` and `POST /admin/clients`: the rules are
/// OAuthCore's `ClientRules`; here the values are gathered, stored and audited.
public struct ClientRegistration: Sendable {
    public typealias Failure = ClientRules.Failure

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
    public func register(_ context: some RegistryContext, actor: String) throws(Failure) -> (client: Client, secret: String?) {
        let client = try validated(context, secretHash: nil, createdAt: context.clock.now())
        let secret = try ClientRules.secret(isPublic: isPublic, chosen: self.secret, random: context.random)
        var stored = client
        stored.secretHash = secret.map(ClientSecret.hash)
        do {
            try context.store.insertClient(stored)
        } catch StoreError.conflict {
            throw .conflict("a client with id \(id) already exists")
        } catch {
            throw .data("cannot store the client: \(error)")
        }
        context.audit(.clientAdded, accountID: nil, clientID: id, detail: "by \(actor)")
        return (stored, secret)
    }

    /// Removes the client and revokes every grant, code and token issued to it (Storage.deleteClient), forgets
    /// it in the client cache and audits it; false when there is no such client (`client remove`,
    /// `DELETE /admin/clients/{id}`).
    public static func remove(id: String, _ context: some RegistryContext, actor: String) throws -> Bool {
        guard try context.store.deleteClient(id: id, at: context.clock.now()) else { return false }
        context.clientCache.forget(id: id)
        context.audit(.clientRemoved, accountID: nil, clientID: id, detail: "by \(actor)")
        return true
    }

    /// §2.2: "MUST be an absolute URI", "MAY contain port, path, and query", "MUST NOT include any fragment".
    static func checkBackchannelLogoutURI(_ uri: String?) throws(Failure) {
        guard let uri else { return }
        guard let url = URL(string: uri), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host != nil, url.fragment == nil, !uri.contains("#")
        else { throw .data("backchannel_logout_uri must be an absolute http(s) URL without a fragment, not \(uri)") }
    }

    /// The client these values describe, every rule of `ClientRules` and the scope catalogue checked
    /// (registration and update share them). Stores nothing.
    func validated(_ context: some RegistryContext, secretHash: String?, createdAt: Date) throws(Failure) -> Client {
        try Self.checkScopes(scopes, context.store)
        let client = Client(
            id: id, name: name, secretHash: secretHash, redirectURIs: try checkedRedirectURIs(), scopes: scopes,
            isPublic: isPublic, firstParty: firstParty, appFlip: appFlip, rotateRefreshTokens: rotateRefreshTokens,
            createdAt: createdAt, resourceServer: resourceServer, clientCredentials: clientCredentials,
            idTokenSignedResponseAlg: idTokenSignedResponseAlg, webOrigins: try ClientRules.checkedWebOrigins(webOrigins),
            backchannelLogoutURI: backchannelLogoutURI)
        try Self.checkBackchannelLogoutURI(backchannelLogoutURI)
        try ClientRules.checkKind(client, hasSecret: secret != nil)
        // Read from the store, not the cache: the key may have been made by the CLI a moment ago.
        try ClientRules.checkIDTokenAlg(idTokenSignedResponseAlg) { try context.keyRing.refresh().activeByAlgorithm[$0] != nil }
        return client
    }

    /// The id, name and redirect URIs checked (`ClientRules`); Google's URIs added as asked. Stores nothing.
    public func checkedRedirectURIs() throws(Failure) -> [String] {
        try ClientRules.checkedRedirectURIs(
            id: id, name: name, redirectURIs: redirectURIs, googleProject: googleProject, appFlip: appFlip)
    }

    /// Only scopes the server knows (ScopeRules.firstUnknown, the one owner).
    static func checkScopes(_ scopes: [String], _ storage: any ScopeStore) throws(Failure) {
        let custom: [CustomScope]
        do { custom = try storage.listScopes() } catch { throw .data("cannot read the custom scopes: \(error)") }
        guard let unknown = ScopeRules.firstUnknown(scopes, custom: custom) else { return }
        let known = ScopeRules.known(custom: custom).joined(separator: " ")
        throw .data("unknown scope \(unknown): add it first with `accountlink scope add \(unknown) --description TEXT` (known: \(known))")
    }
}
