import Foundation
import OAuthCore
import Support

/// A client as `accountlink client list --json` and the admin API show it (never its secret).
public struct ClientView: Codable, Sendable {
    public let id: String
    public let name: String
    public let redirect_uris: [String]
    public let scopes: [String]
    public let `public`: Bool
    public let first_party: Bool
    public let app_flip: Bool
    public let rotate_refresh_tokens: Bool
    public let resource_server: Bool
    public let client_credentials: Bool
    public let id_token_signed_response_alg: String
    public let web_origins: [String]
    public let backchannel_logout_uri: String?
    public let created_at: String

    public init(_ client: Client) {
        id = client.id
        name = client.name
        redirect_uris = client.redirectURIs
        scopes = client.scopes
        `public` = client.isPublic
        first_party = client.firstParty
        app_flip = client.appFlip
        rotate_refresh_tokens = client.rotateRefreshTokens
        resource_server = client.resourceServer
        client_credentials = client.clientCredentials
        id_token_signed_response_alg = client.idTokenSignedResponseAlg
        web_origins = client.webOrigins
        backchannel_logout_uri = client.backchannelLogoutURI
        created_at = RFC3339.string(client.createdAt)
    }
}

/// An account as `accountlink user list --json` and the admin API show it (never a password hash).
public struct UserView: Codable, Sendable {
    public let id: String
    public let email: String?
    public let email_verified: Bool
    public let name: String?
    public let status: String
    public let sign_in_methods: [String]
    /// The account's passkeys, oldest first (docs/passkeys.md).
    public let passkeys: [PasskeyView]
    public let created_at: String

    public init(_ account: Account, storage: any AccountStore & PasskeyStore) throws {
        id = account.id
        email = account.email
        email_verified = account.emailVerified
        name = account.displayName
        status = account.status.rawValue
        sign_in_methods = try storage.identities(accountID: account.id).map(\.provider.rawValue)
        passkeys = try storage.passkeys(accountID: account.id).map(PasskeyView.init)
        created_at = RFC3339.string(account.createdAt)
    }
}

/// A passkey as operators see it: the credential ID, the person's name for it, when it was made and
/// last used, and whether it is synced (the BS flag as last seen; W3C WebAuthn Level 3 §6.1.3).
public struct PasskeyView: Codable, Sendable {
    public let id: String
    public let name: String
    public let created_at: String
    public let last_used_at: String?
    public let backed_up: Bool

    init(_ passkey: Passkey) {
        id = passkey.credentialID
        name = passkey.name
        created_at = RFC3339.string(passkey.createdAt)
        last_used_at = passkey.lastUsedAt.map(RFC3339.string)
        backed_up = passkey.backedUp
    }
}
