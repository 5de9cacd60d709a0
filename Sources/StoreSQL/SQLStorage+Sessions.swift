import Foundation
import OAuthCore

extension SQLStorage {
    public func insertSession(_ session: Session) throws {
        try insertRow(
            into: "sessions", Columns.session,
            [
                .text(session.hash), .text(session.accountID), .bytes(session.csrfSecret),
                .date(session.authTime),
                .date(session.createdAt), .date(session.expiresAt),
                .optionalText(session.origin.ipAddress), .optionalText(session.origin.userAgent),
                .optionalDate(session.lastUsedAt),
            ])
    }

    public func session(hash: String) throws -> Session? {
        try access {
            try $0.query("SELECT \(Columns.session) FROM sessions WHERE hash = $1", [.text(hash)]) {
                try $0.session()
            }
        }
        .first
    }

    public func deleteSession(hash: String) throws {
        try access { try $0.run("DELETE FROM sessions WHERE hash = $1", [.text(hash)]) }
    }

    public func deleteSessions(accountID: String) throws {
        try access { try $0.run("DELETE FROM sessions WHERE account_id = $1", [.text(accountID)]) }
    }

    public func insertInteraction(_ interaction: Interaction) throws {
        try insertRow(into: "interactions", Columns.interaction, Self.values(interaction))
    }

    public func interaction(id: String) throws -> Interaction? {
        try access {
            try $0.query("SELECT \(Columns.interaction) FROM interactions WHERE id = $1", [.text(id)]) {
                try $0.interaction()
            }
        }.first
    }

    public func updateInteraction(_ interaction: Interaction) throws {
        try access {
            try $0.run(
                """
                UPDATE interactions SET request = $2, account_id = $3, csrf_secret = $4, created_at = $5, expires_at = $6
                WHERE id = $1
                """, Self.values(interaction))
        }
    }

    public func deleteInteraction(id: String) throws {
        try access { try $0.run("DELETE FROM interactions WHERE id = $1", [.text(id)]) }
    }

    static func values(_ i: Interaction) -> [SQLValue] {
        [
            .text(i.id), .bytes(i.request), .optionalText(i.accountID), .bytes(i.csrfSecret),
            .date(i.createdAt),
            .date(i.expiresAt),
        ]
    }
}

extension SQLStorage {
    public func insertSigningKey(_ key: StoredSigningKey) throws {
        try insertRow(into: "signing_keys", Columns.signingKey, Self.values(key))
    }

    public func signingKeys() throws -> [StoredSigningKey] {
        try access {
            try $0.query("SELECT \(Columns.signingKey) FROM signing_keys ORDER BY created_at DESC, kid DESC")
            {
                try $0.signingKey()
            }
        }
    }

    public func updateSigningKey(_ key: StoredSigningKey) throws {
        try access {
            try $0.run(
                """
                UPDATE signing_keys SET algorithm = $2, encrypted_private_key = $3, public_jwk = $4, created_at = $5,
                retired_at = $6, remove_after = $7 WHERE kid = $1
                """, Self.values(key))
        }
    }

    static func values(_ k: StoredSigningKey) -> [SQLValue] {
        [
            .text(k.kid), .text(k.algorithm), .bytes(k.encryptedPrivateKey), .text(k.publicJWK),
            .date(k.createdAt),
            .optionalDate(k.retiredAt), .optionalDate(k.removeAfter),
        ]
    }

    public func recordNotification(jti: String, at time: Date) throws -> Bool {
        try access {
            try $0.insert(
                "INSERT INTO notification_receipts (jti, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                [.text(jti), .date(time)]) == 1
        }
    }

    public func appendAudit(_ event: AuditEvent) throws {
        try insertRow(
            into: "audit_events", Columns.audit,
            [
                .text(event.id), .date(event.time), .text(event.kind), .optionalText(event.accountID),
                .optionalText(event.clientID), .text(event.detail), .optionalText(event.ip),
                .optionalText(event.userAgent),
            ])
    }

    /// Newest first; events of the same millisecond in reverse insertion order (`seq`).
    public func auditEvents(limit: Int) throws -> [AuditEvent] {
        try access {
            try $0.query(
                "SELECT \(Columns.audit) FROM audit_events ORDER BY time DESC, seq DESC LIMIT $1",
                [.int(max(0, limit))]
            ) { try $0.audit() }
        }
    }
}
