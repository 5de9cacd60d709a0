import Foundation
import Support

extension ClientRegistration {
    /// This registration's values taken from `client`, so that an update checks the merged client by the
    /// very rules of registration.
    init(_ client: Client) {
        self.init(id: client.id, name: client.name)
        redirectURIs = client.redirectURIs
        scopes = client.scopes
        isPublic = client.isPublic
        firstParty = client.firstParty
        appFlip = client.appFlip
        rotateRefreshTokens = client.rotateRefreshTokens
        resourceServer = client.resourceServer
        clientCredentials = client.clientCredentials
        idTokenSignedResponseAlg = client.idTokenSignedResponseAlg
        webOrigins = client.webOrigins
        backchannelLogoutURI = client.backchannelLogoutURI
    }
}

/// Changing a registered client, shared by `accountlink client update` and `PATCH /admin/clients/{id}` (one
/// owner): each field given replaces the stored one (a list replaces the whole list), the result is checked
/// by ClientRegistration's rules, and the secret, creation time, grants and tokens stay (docs/operations.md,
/// Updating a client).
public struct ClientUpdate: Sendable {
    public var name: String?
    public var redirectURIs: [String]?
    public var scopes: [String]?
    public var webOrigins: [String]?
    public var googleProject: String?
    public var firstParty: Bool?
    public var appFlip: Bool?
    public var rotateRefreshTokens: Bool?
    public var resourceServer: Bool?
    public var clientCredentials: Bool?
    public var idTokenSignedResponseAlg: String?
    /// OIDC Back-Channel Logout 1.0 §2.2; an empty string removes it.
    public var backchannelLogoutURI: String?

    public init() {}

    /// The stored client after the change; `.data("no client …")` when there is none.
    public func apply(to id: String, _ context: some RegistryContext, actor: String) throws(ClientRegistration.Failure) -> Client {
        let stored: Client?
        do { stored = try context.store.client(id: id) } catch { throw .data("cannot read the client: \(error)") }
        guard let stored else { throw .data("no client with id \(id)") }
        let client = try merged(stored).validated(context, secretHash: stored.secretHash, createdAt: stored.createdAt)
        do {
            guard try context.store.updateClient(client) else { throw ClientRegistration.Failure.data("no client with id \(id)") }
        } catch let failure as ClientRegistration.Failure {
            throw failure
        } catch {
            throw .data("cannot store the client: \(error)")
        }
        context.clientCache.forget(id: id)
        context.audit(.clientUpdated, accountID: nil, clientID: id, detail: "by \(actor)")
        return client
    }

    func merged(_ stored: Client) -> ClientRegistration {
        var registration = ClientRegistration(stored)
        if let name { registration.name = name }
        if let redirectURIs { registration.redirectURIs = redirectURIs }
        if let scopes { registration.scopes = scopes }
        if let webOrigins { registration.webOrigins = webOrigins }
        registration.googleProject = googleProject
        if let firstParty { registration.firstParty = firstParty }
        if let appFlip { registration.appFlip = appFlip }
        if let rotateRefreshTokens { registration.rotateRefreshTokens = rotateRefreshTokens }
        if let resourceServer { registration.resourceServer = resourceServer }
        if let clientCredentials { registration.clientCredentials = clientCredentials }
        if let idTokenSignedResponseAlg { registration.idTokenSignedResponseAlg = idTokenSignedResponseAlg }
        if let backchannelLogoutURI { registration.backchannelLogoutURI = backchannelLogoutURI.isEmpty ? nil : backchannelLogoutURI }
        return registration
    }
}
