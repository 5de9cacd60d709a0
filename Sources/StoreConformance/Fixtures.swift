import Foundation
import OAuthCore

/// Model builders with every field set and whole-second dates (the precision backends keep).
enum Fixture {
    /// `seconds` after a fixed, whole-second epoch.
    static func time(_ seconds: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(seconds)) }

    static func client(_ id: String, at seconds: Int = 0) -> Client {
        Client(
            id: id, name: "Client \(id)", secretHash: "sha256:\(id)",
            redirectURIs: ["https://oauth-redirect.googleusercontent.com/r/\(id)", "https://x.example/a b"],
            scopes: ["openid", "devices"], isPublic: false, firstParty: false, appFlip: true,
            rotateRefreshTokens: false, createdAt: time(seconds))
    }

    static func account(_ id: String, email: String? = nil, at seconds: Int = 0) -> Account {
        Account(
            id: id, status: .active, email: email ?? "\(id)@example.com", emailVerified: true,
            displayName: "Person \(id)", createdAt: time(seconds))
    }

    static func identity(
        _ id: String, account: String, provider: LinkedIdentity.Provider = .apple,
        subject: String? = nil, at seconds: Int = 0
    ) -> LinkedIdentity {
        LinkedIdentity(
            id: id, accountID: account, provider: provider, subject: subject ?? "sub-\(id)",
            email: "\(id)@privaterelay.appleid.com", emailVerified: true, isPrivateEmail: true,
            realUserStatus: 2, emailReachable: true, firstSignInAt: time(seconds),
            lastSignInAt: time(seconds + 60))
    }

    static func thirdPartyToken(identity: String, account: String, bytes: [UInt8] = [0, 1, 0xFE, 0xFF])
        -> ThirdPartyToken
    {
        ThirdPartyToken(
            identityID: identity, accountID: account, provider: .apple,
            encryptedRefreshToken: bytes, createdAt: time(5))
    }

    static func grant(_ id: String, account: String, client: String, at seconds: Int = 0) -> Grant {
        Grant(
            id: id, accountID: account, clientID: client, scope: ["openid", "devices"],
            createdAt: time(seconds))
    }

    static func code(_ hash: String, grant: Grant, expiresIn seconds: Int = 600) -> AuthorizationCode {
        AuthorizationCode(
            hash: hash, grantID: grant.id, clientID: grant.clientID, accountID: grant.accountID,
            redirectURI: "https://oauth-redirect.googleusercontent.com/r/p", scope: grant.scope,
            nonce: "n-\(hash)", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            authTime: time(0), createdAt: time(1), expiresAt: time(1 + seconds))
    }

    static func token(_ hash: String, _ kind: TokenRecord.Kind, grant: Grant, expiresAt: Date? = time(3600))
        -> TokenRecord
    {
        TokenRecord(
            hash: hash, kind: kind, grantID: grant.id, clientID: grant.clientID, accountID: grant.accountID,
            scope: grant.scope, authTime: time(0), createdAt: time(1), expiresAt: expiresAt)
    }

    static func session(_ hash: String, account: String, expiresAt seconds: Int = 3600) -> Session {
        Session(
            hash: hash, accountID: account, csrfSecret: Array(0..<32), authTime: time(0), createdAt: time(1),
            expiresAt: time(seconds))
    }

    static func interaction(_ id: String, expiresAt seconds: Int = 600) -> Interaction {
        Interaction(
            id: id, request: Array("{\"client_id\":\"g\"}".utf8), csrfSecret: [9, 8, 7],
            createdAt: time(0), expiresAt: time(seconds))
    }

    static func signingKey(_ kid: String, at seconds: Int) -> StoredSigningKey {
        StoredSigningKey(
            kid: kid, algorithm: "RS256", encryptedPrivateKey: [0, 42, 255],
            publicJWK: "{\"kty\":\"RSA\",\"kid\":\"\(kid)\"}", createdAt: time(seconds))
    }

    static func revocation(_ id: String, dueAt seconds: Int) -> PendingRevocation {
        PendingRevocation(
            id: id, provider: .apple, encryptedRefreshToken: [1, 2, 3], nextAttemptAt: time(seconds))
    }

    /// `linked(storage)`'s grant, with the refresh token "refresh" of it that never expires.
    static func linkedWithRefreshToken(_ storage: any Storage) throws -> Grant {
        let grant = try linked(storage)
        try storage.insertToken(token("refresh", .refresh, grant: grant, expiresAt: nil))
        return grant
    }

    /// An account with a client and an active grant, the usual parent rows of codes and tokens.
    @discardableResult
    static func linked(
        _ storage: any Storage, account: String = "acct", client: String = "google",
        grant: String = "grant"
    ) throws -> Grant {
        if try storage.account(id: account) == nil { try storage.insertAccount(Fixture.account(account)) }
        if try storage.client(id: client) == nil { try storage.insertClient(Fixture.client(client)) }
        let value = Fixture.grant(grant, account: account, client: client)
        try storage.insertGrant(value)
        return value
    }
}
