import Foundation
import Support

/// RFC 6749 §4.1.3: exchange a code for tokens.
struct AuthorizationCodeGrant: TokenGrant {
    static let grantType = "authorization_code"

    func handle(_ request: TokenRequest, client: Client, environment: OAuthEnvironment) throws -> JSONValue {
        guard let code = request.parameters["code"], !code.isEmpty else {
            throw OAuthError.invalidRequest("code is missing")
        }
        // One transaction: a storage failure rolls the consumption back, so Google's retry still
        // works; refusals commit (a replay's grant revocation must stick).
        return try committingRefusals(environment.storage) { storage in
            try exchange(code, request, client, storage, environment)
        }.response(environment)
    }

    private func exchange(
        _ code: String, _ request: TokenRequest, _ client: Client, _ storage: any Storage,
        _ environment: OAuthEnvironment
    ) throws -> TokenIssuer.Issued {
        let now = environment.clock.now()
        let record = try consume(code, storage, now, environment)
        try checkClient(record, client)
        try checkExpiry(record, now)
        try checkRedirectURI(record, request.parameters["redirect_uri"], client)
        try checkPKCE(record, request.parameters["code_verifier"], client)
        guard try storage.grant(id: record.grantID)?.isActive == true,
            try storage.account(id: record.accountID)?.status == .active
        else { throw OAuthError.invalidGrant("the authorization is no longer valid") }
        let subject = TokenService.Subject(
            grantID: record.grantID, clientID: client.id, accountID: record.accountID,
            scope: record.scope, authTime: record.authTime)
        return try TokenIssuer(environment: environment, storage: storage)
            .respond(subject, for: client, refreshToken: .new, nonce: record.nonce)
    }

    /// RFC 6749 §4.1.2: single use; a second presentation revokes everything the code issued.
    private func consume(_ code: String, _ storage: any Storage, _ now: Date, _ environment: OAuthEnvironment) throws
        -> AuthorizationCode
    {
        switch try storage.consumeCode(hash: OpaqueToken.hash(code), at: now) {
        case .consumed(let record): return record
        case .notFound: throw OAuthError.invalidGrant("the code is invalid")
        case .alreadyUsed(let record):
            try EventOutbox.revokeGrant(id: record.grantID, reason: .reuse, in: storage, at: now, random: environment.random)
            environment.logger.security(
                SecurityEvent.codeReuse, account: record.accountID, ["oauth.client_id": record.clientID, "oauth.grant_id": record.grantID])
            throw OAuthError.invalidGrant(
                "the code is invalid", detail: "code replayed; grant \(record.grantID) revoked")
        }
    }

    /// RFC 6749 §4.1.3: the code was issued to the authenticated client.
    private func checkClient(_ record: AuthorizationCode, _ client: Client) throws {
        guard record.clientID.sameBytes(client.id) else {
            throw OAuthError.invalidGrant(
                "the code is invalid", detail: "code of \(record.clientID) used by \(client.id)")
        }
    }

    private func checkExpiry(_ record: AuthorizationCode, _ now: Date) throws {
        guard now < record.expiresAt else { throw OAuthError.invalidGrant("the code has expired") }
    }

    /// RFC 6749 §4.1.3: identical to the authorization request's; omitted only where the client has
    /// that single URI registered (and so the request may have omitted it too).
    private func checkRedirectURI(_ record: AuthorizationCode, _ sent: String?, _ client: Client) throws {
        let matches = sent.map { $0.sameBytes(record.redirectURI) }
            ?? (client.redirectURIs.count == 1 && client.redirectURIs[0].sameBytes(record.redirectURI))
        guard matches else {
            throw OAuthError.invalidGrant("redirect_uri does not match the authorization request")
        }
    }

    /// RFC 7636 §4.6 (S256, constant time); a verifier without a challenge is a downgrade (RFC 9700 §4.8.2).
    private func checkPKCE(_ record: AuthorizationCode, _ verifier: String?, _ client: Client) throws {
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
