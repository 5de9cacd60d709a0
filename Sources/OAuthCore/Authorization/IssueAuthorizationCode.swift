import Foundation

/// Everything a code is bound to (RFC 6749 §4.1.2, RFC 7636 §4.4, OIDC Core §3.1.2.1).
public struct CodeBinding: Sendable, Equatable {
    public var client: Client
    public var redirectURI: String
    public var scope: [String]
    public var accountID: String
    public var nonce: String?
    public var codeChallenge: String?
    public var authTime: Date

    public init(
        client: Client, redirectURI: String, scope: [String], accountID: String, nonce: String?,
        codeChallenge: String?, authTime: Date
    ) {
        self.client = client
        self.redirectURI = redirectURI
        self.scope = scope
        self.accountID = accountID
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.authTime = authTime
    }
}

/// The one place codes are minted: "Agree and link" in the browser and the App Flip endpoint both
/// call it (docs/architecture.md rule 3). Creates or extends the grant and stores the code's hash, in one
/// transaction. Returns the code itself, which is never stored.
public func issueAuthorizationCode(_ binding: CodeBinding, environment: OAuthEnvironment) throws(OAuthError)
    -> String
{
    let code = OpaqueToken.generate(.code, random: environment.random)
    let now = environment.clock.now()
    // RFC 6749 §4.1.2: a maximum lifetime of 10 minutes is RECOMMENDED (configuration enforces it).
    let expiresAt = now.addingTimeInterval(min(environment.configuration.codeLifetime, 600))
    try OAuthError.mapping {
        try environment.storage.transaction { storage in
            let grant = try GrantLedger.grant(
                accountID: binding.accountID, clientID: binding.client.id,
                scope: binding.scope, in: storage, environment: environment)
            try storage.insertCode(
                AuthorizationCode(
                    hash: OpaqueToken.hash(code), grantID: grant.id, clientID: binding.client.id,
                    accountID: binding.accountID, redirectURI: binding.redirectURI, scope: binding.scope,
                    nonce: binding.nonce, codeChallenge: binding.codeChallenge, authTime: binding.authTime,
                    createdAt: now, expiresAt: expiresAt))
        }
    }
    environment.logger.info(
        "authorization code issued",
        ["oauth.client_id": binding.client.id, "account.id": binding.accountID])
    return code
}
