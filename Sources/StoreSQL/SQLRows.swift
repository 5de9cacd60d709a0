import Foundation
import OAuthCore

/// Column lists and row decoders, kept side by side so their order cannot drift apart.
enum Columns {
    static let account = "id, status, email, email_verified, display_name, created_at, self_service"
    static let identity = """
        id, account_id, provider, subject, email, email_verified, is_private_email, real_user_status,
        email_reachable, first_sign_in_at, last_sign_in_at, picture
        """
    static let thirdPartyToken = "identity_id, account_id, provider, encrypted_refresh_token, created_at, prefix_key, hash_key"
    static let revocation = "id, provider, encrypted_refresh_token, attempts, next_attempt_at, last_error"
    static let client = """
        id, name, secret_hash, redirect_uris, scopes, is_public, first_party, app_flip, rotate_refresh_tokens, created_at,
        resource_server, client_credentials, id_token_signed_response_alg, web_origins, backchannel_logout_uri
        """
    static let grant = "id, account_id, client_id, scope, created_at, revoked_at, ip_address, user_agent"
    static let code = """
        hash, grant_id, client_id, account_id, redirect_uri, scope, nonce, code_challenge, auth_time, created_at,
        expires_at, consumed_at
        """
    static let token = """
        hash, kind, grant_id, client_id, account_id, scope, auth_time, created_at, expires_at, revoked_at, rotated_at
        """
    static let session =
        "hash, account_id, csrf_secret, auth_time, created_at, expires_at, ip_address, user_agent, last_used_at"
    static let interaction = "id, request, account_id, csrf_secret, created_at, expires_at"
    static let signingKey =
        "kid, algorithm, encrypted_private_key, public_jwk, created_at, retired_at, remove_after"
    static let audit = "id, time, kind, account_id, client_id, detail, ip, user_agent"

    /// How many columns each list names, counted from the list itself: a JOIN's decoder starts a table's
    /// columns after the ones before it (`ShiftedRow`), and the INSERTs number that many parameters.
    static let clientCount = count(client)
    static let tokenCount = count(token)

    static func count(_ list: String) -> Int { list.split(separator: ",").count }
}

extension SQLRow {
    func account() throws -> Account {
        Account(
            id: try text(0), status: try raw(1, as: Account.Status.self), email: try optionalText(2),
            emailVerified: try bool(3), displayName: try optionalText(4), createdAt: try date(5),
            selfService: try bool(6))
    }

    func identity() throws -> LinkedIdentity {
        LinkedIdentity(
            id: try text(0), accountID: try text(1), provider: try raw(2, as: LinkedIdentity.Provider.self),
            subject: try text(3), email: try optionalText(4), emailVerified: try bool(5),
            isPrivateEmail: try bool(6),
            realUserStatus: try optionalInt(7), emailReachable: try bool(8), picture: try optionalText(11),
            firstSignInAt: try date(9), lastSignInAt: try date(10))
    }

    func thirdPartyToken() throws -> ThirdPartyToken {
        let keys: ThirdPartyToken.LookupKeys? = switch (try optionalText(5), try optionalText(6)) {
        case (let prefix?, let hash?): ThirdPartyToken.LookupKeys(prefix: prefix, hash: hash)
        default: nil
        }
        return ThirdPartyToken(
            identityID: try text(0), accountID: try text(1), provider: try raw(2, as: LinkedIdentity.Provider.self),
            encryptedRefreshToken: try bytes(3), createdAt: try date(4), lookupKeys: keys)
    }

    func revocation() throws -> PendingRevocation {
        PendingRevocation(
            id: try text(0), provider: try raw(1, as: LinkedIdentity.Provider.self),
            encryptedRefreshToken: try bytes(2), attempts: try int(3), nextAttemptAt: try date(4),
            lastError: try optionalText(5))
    }

    func client() throws -> Client {
        Client(
            id: try text(0), name: try text(1), secretHash: try optionalText(2), redirectURIs: try strings(3),
            scopes: try strings(4), isPublic: try bool(5), firstParty: try bool(6), appFlip: try bool(7),
            rotateRefreshTokens: try bool(8), createdAt: try date(9), resourceServer: try bool(10),
            clientCredentials: try bool(11), idTokenSignedResponseAlg: try text(12), webOrigins: try strings(13),
            backchannelLogoutURI: try optionalText(14))
    }

    func grant() throws -> Grant {
        Grant(
            id: try text(0), accountID: try text(1), clientID: try text(2), scope: try strings(3),
            createdAt: try date(4), revokedAt: try optionalDate(5),
            origin: SignInOrigin(ipAddress: try optionalText(6), userAgent: try optionalText(7)))
    }

    func code() throws -> AuthorizationCode {
        AuthorizationCode(
            hash: try text(0), grantID: try text(1), clientID: try text(2), accountID: try text(3),
            redirectURI: try text(4), scope: try strings(5), nonce: try optionalText(6),
            codeChallenge: try optionalText(7), authTime: try date(8), createdAt: try date(9),
            expiresAt: try date(10), consumedAt: try optionalDate(11))
    }

    func token() throws -> TokenRecord {
        TokenRecord(
            hash: try text(0), kind: try raw(1, as: TokenRecord.Kind.self), grantID: try text(2),
            clientID: try text(3), accountID: try text(4), scope: try strings(5), authTime: try date(6),
            createdAt: try date(7), expiresAt: try optionalDate(8), revokedAt: try optionalDate(9),
            rotatedAt: try optionalDate(10))
    }

    func session() throws -> Session {
        Session(
            hash: try text(0), accountID: try text(1), csrfSecret: try bytes(2), authTime: try date(3),
            createdAt: try date(4), expiresAt: try date(5),
            origin: SignInOrigin(ipAddress: try optionalText(6), userAgent: try optionalText(7)),
            lastUsedAt: try optionalDate(8))
    }

    func interaction() throws -> Interaction {
        Interaction(
            id: try text(0), request: try bytes(1), accountID: try optionalText(2), csrfSecret: try bytes(3),
            createdAt: try date(4), expiresAt: try date(5))
    }

    func signingKey() throws -> StoredSigningKey {
        StoredSigningKey(
            kid: try text(0), algorithm: try text(1), encryptedPrivateKey: try bytes(2),
            publicJWK: try text(3), createdAt: try date(4), retiredAt: try optionalDate(5),
            removeAfter: try optionalDate(6))
    }

    func audit() throws -> AuditEvent {
        AuditEvent(
            storedID: try text(0), time: try date(1), kind: try text(2), accountID: try optionalText(3),
            clientID: try optionalText(4), detail: try text(5), ip: try optionalText(6), userAgent: try optionalText(7))
    }
}
