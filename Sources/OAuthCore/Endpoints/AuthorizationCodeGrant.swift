import Foundation
import Support

/// RFC 6749 §4.1.3: exchange a code for tokens.
struct AuthorizationCodeGrant: TokenGrant {
    static let grantType = "authorization_code"

    /// One store call (TokenPathStore `redeemCode`, one transaction): a storage failure rolls the consumption
    /// back, so Google's retry still works; refusals commit (a replay's grant revocation must stick).
    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) throws -> JSONValue {
        guard let code = request.parameters["code"], !code.isEmpty else {
            throw OAuthError.invalidRequest("code is missing")
        }
        let pair = TokenService(environment: environment).newTokenPair()
        let redemption = CodeRedemption(
            codeHash: OpaqueToken.hash(code), client: client, redirectURI: request.parameters["redirect_uri"],
            codeVerifier: request.parameters["code_verifier"], tokens: pair.recipe, random: environment.random)
        switch try environment.storage.redeemCode(redemption, at: environment.clock.now()) {
        case .replayed(let record):
            environment.logger.security(
                SecurityEvent.codeReuse, account: record.accountID, ["oauth.client_id": record.clientID, "oauth.grant_id": record.grantID])
            throw OAuthError.invalidGrant("the code is invalid", detail: "code replayed; grant \(record.grantID) revoked")
        case .issued(let record, let account):
            let subject = TokenService.Subject(
                grantID: record.grantID, clientID: client.id, accountID: record.accountID,
                scope: record.scope, authTime: record.authTime)
            return try TokenIssuer(environment: environment, storage: environment.storage)
                .pair(access: pair.access, refresh: pair.refresh, subject, for: client, nonce: record.nonce, account: account)
                .response(environment)
        }
    }
}

/// The code's checks (RFC 6749 §4.1.3, RFC 7636 §4.6), which the store runs on the code it consumed, in order.
extension CodeRedemption {
    func check(_ record: AuthorizationCode, at now: Date) throws(OAuthError) {
        try checkClient(record)
        try checkExpiry(record, now)
        try checkRedirectURI(record)
        try checkPKCE(record)
    }

    /// RFC 6749 §4.1.3: the code was issued to the authenticated client.
    private func checkClient(_ record: AuthorizationCode) throws(OAuthError) {
        guard record.clientID.sameBytes(client.id) else {
            throw OAuthError.invalidGrant(
                "the code is invalid", detail: "code of \(record.clientID) used by \(client.id)")
        }
    }

    private func checkExpiry(_ record: AuthorizationCode, _ now: Date) throws(OAuthError) {
        guard now < record.expiresAt else { throw OAuthError.invalidGrant("the code has expired") }
    }

    /// RFC 6749 §4.1.3: identical to the authorization request's; omitted only where the client has
    /// that single URI registered (and so the request may have omitted it too).
    private func checkRedirectURI(_ record: AuthorizationCode) throws(OAuthError) {
        let matches = redirectURI.map { $0.sameBytes(record.redirectURI) }
            ?? (client.redirectURIs.count == 1 && client.redirectURIs[0].sameBytes(record.redirectURI))
        guard matches else {
            throw OAuthError.invalidGrant("redirect_uri does not match the authorization request")
        }
    }

    /// RFC 7636 §4.6 (S256, constant time); a verifier without a challenge is a downgrade (RFC 9700 §4.8.2).
    private func checkPKCE(_ record: AuthorizationCode) throws(OAuthError) {
        let verifier = codeVerifier
        guard let challenge = record.codeChallenge else {
            if verifier != nil || client.isPublic {
                throw OAuthError.invalidGrant("unexpected or missing PKCE")
            }
            return
        }
        guard let verifier else { throw OAuthError.invalidGrant("code_verifier is missing") }
        guard PKCE.verify(verifier: verifier, challenge: challenge) else {
            throw OAuthError.invalidGrant("code_verifier does not match the code_challenge")
        }
    }
}
