import Foundation
import OAuthCore

extension SQLStorage {
    public func insertIdentity(_ identity: LinkedIdentity) throws {
        try insertRow(into: "identities", Columns.identity, Self.values(identity))
    }

    public func identity(provider: LinkedIdentity.Provider, subject: String) throws -> LinkedIdentity? {
        try access {
            try $0.query(
                "SELECT \(Columns.identity) FROM identities WHERE provider = $1 AND subject = $2",
                [.text(provider.rawValue), .text(subject)]
            ) { try $0.identity() }
        }.first
    }

    public func identities(accountID: String) throws -> [LinkedIdentity] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.identity) FROM identities WHERE account_id = $1 ORDER BY first_sign_in_at, id
                """, [.text(accountID)]
            ) { try $0.identity() }
        }
    }

    public func updateIdentity(_ identity: LinkedIdentity) throws {
        try access {
            try $0.run(
                """
                UPDATE identities SET account_id = $2, provider = $3, subject = $4, email = $5, email_verified = $6,
                is_private_email = $7, real_user_status = $8, email_reachable = $9, first_sign_in_at = $10,
                last_sign_in_at = $11, picture = $12 WHERE id = $1
                """, Self.values(identity))
        }
    }

    /// The third-party token goes with it (ON DELETE CASCADE, deleted explicitly as well).
    public func deleteIdentity(id: String) throws -> Bool {
        try atomic { db in
            try db.run("DELETE FROM third_party_tokens WHERE identity_id = $1", [.text(id)])
            return try db.run("DELETE FROM identities WHERE id = $1", [.text(id)]) == 1
        }
    }

    static func values(_ i: LinkedIdentity) -> [SQLValue] {
        [
            .text(i.id), .text(i.accountID), .text(i.provider.rawValue), .text(i.subject),
            .optionalText(i.email),
            .bool(i.emailVerified), .bool(i.isPrivateEmail), .optionalInt(i.realUserStatus),
            .bool(i.emailReachable),
            .date(i.firstSignInAt), .date(i.lastSignInAt), .optionalText(i.picture),
        ]
    }

    public func saveThirdPartyToken(_ token: ThirdPartyToken) throws {
        try access {
            try $0.insert(
                """
                INSERT INTO third_party_tokens (\(Columns.thirdPartyToken)) VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (identity_id) DO UPDATE SET account_id = excluded.account_id, provider = excluded.provider,
                encrypted_refresh_token = excluded.encrypted_refresh_token, created_at = excluded.created_at,
                prefix_key = excluded.prefix_key, hash_key = excluded.hash_key
                """,
                [
                    .text(token.identityID), .text(token.accountID), .text(token.provider.rawValue),
                    .bytes(token.encryptedRefreshToken), .date(token.createdAt),
                    .optionalText(token.lookupKeys?.prefix), .optionalText(token.lookupKeys?.hash),
                ])
        }
    }

    public func thirdPartyTokens(accountID: String) throws -> [ThirdPartyToken] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.thirdPartyToken) FROM third_party_tokens WHERE account_id = $1 ORDER BY identity_id
                """, [.text(accountID)]
            ) { try $0.thirdPartyToken() }
        }
    }

    public func insertPendingRevocation(_ revocation: PendingRevocation) throws {
        try insertRow(into: "pending_revocations", Columns.revocation, Self.values(revocation))
    }

    public func duePendingRevocations(at time: Date) throws -> [PendingRevocation] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.revocation) FROM pending_revocations WHERE next_attempt_at <= $1 ORDER BY id
                """, [.date(time)]
            ) { try $0.revocation() }
        }
    }

    public func updatePendingRevocation(_ revocation: PendingRevocation) throws {
        try access {
            try $0.run(
                """
                UPDATE pending_revocations SET provider = $2, encrypted_refresh_token = $3, attempts = $4,
                next_attempt_at = $5, last_error = $6 WHERE id = $1
                """, Self.values(revocation))
        }
    }

    public func deletePendingRevocation(id: String) throws {
        try access { try $0.run("DELETE FROM pending_revocations WHERE id = $1", [.text(id)]) }
    }

    static func values(_ r: PendingRevocation) -> [SQLValue] {
        [
            .text(r.id), .text(r.provider.rawValue), .bytes(r.encryptedRefreshToken), .int(r.attempts),
            .date(r.nextAttemptAt), .optionalText(r.lastError),
        ]
    }
}
