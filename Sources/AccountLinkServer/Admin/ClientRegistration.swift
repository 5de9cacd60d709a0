import Foundation
import OAuthCore

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
    /// A secret the operator chose; nil: one is generated for a confidential client.
    public var secret: String?

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Validates, stores and audits the client; returns it with the secret to show once (nil for public clients).
    public func register(_ runtime: Runtime, actor: String) throws(Failure) -> (client: Client, secret: String?) {
        let client = try validated(runtime, secretHash: nil, createdAt: runtime.clock.now())
        let secret = try ClientRules.secret(isPublic: isPublic, chosen: self.secret, random: runtime.random)
        var stored = client
        stored.secretHash = secret.map(ClientSecret.hash)
        do {
            try runtime.storage.insertClient(stored)
        } catch StoreError.conflict {
            throw .conflict("a client with id \(id) already exists")
        } catch {
            throw .data("cannot store the client: \(error)")
        }
        runtime.audit("client.added", clientID: id, detail: "by \(actor)")
        return (stored, secret)
    }

    /// The client these values describe, every rule of `ClientRules` and the scope catalogue checked
    /// (registration and update share them). Stores nothing.
    func validated(_ runtime: Runtime, secretHash: String?, createdAt: Date) throws(Failure) -> Client {
        try Self.checkScopes(scopes, runtime)
        let client = Client(
            id: id, name: name, secretHash: secretHash, redirectURIs: try checkedRedirectURIs(), scopes: scopes,
            isPublic: isPublic, firstParty: firstParty, appFlip: appFlip, rotateRefreshTokens: rotateRefreshTokens,
            createdAt: createdAt, resourceServer: resourceServer, clientCredentials: clientCredentials,
            idTokenSignedResponseAlg: idTokenSignedResponseAlg, webOrigins: try ClientRules.checkedWebOrigins(webOrigins))
        try ClientRules.checkKind(client, hasSecret: secret != nil)
        // Read from the store, not the cache: the key may have been made by the CLI a moment ago.
        try ClientRules.checkIDTokenAlg(idTokenSignedResponseAlg) { try runtime.keyRing.refresh().activeByAlgorithm[$0] != nil }
        return client
    }

    /// The id, name and redirect URIs checked (`ClientRules`); Google's URIs added as asked. Stores nothing.
    public func checkedRedirectURIs() throws(Failure) -> [String] {
        try ClientRules.checkedRedirectURIs(
            id: id, name: name, redirectURIs: redirectURIs, googleProject: googleProject, appFlip: appFlip)
    }
}
