import Foundation
import OAuthCore

/// Passkeys and WebAuthn ceremonies (Sources/OAuthCore/Storage/PasskeyStore.swift); tables of migration 17,
/// the sign-up columns of migration 21.
extension SQLStorage {
    static var passkeyColumns: String {
        "credential_id, account_id, identity_id, public_key, sign_count, backup_eligible, backed_up, name, created_at, last_used_at"
    }
    static var flowColumns: String { "id_hash, purpose, challenge, account_id, client_id, expires_at, email, display_name" }

    public func insertPasskey(_ passkey: Passkey) throws {
        try insertRow(
            into: "passkeys", Self.passkeyColumns,
            [.text(passkey.credentialID), .text(passkey.accountID), .text(passkey.identityID), .bytes(passkey.publicKey),
             .integer(passkey.signCount), .bool(passkey.backupEligible), .bool(passkey.backedUp), .text(passkey.name),
             .date(passkey.createdAt), .optionalDate(passkey.lastUsedAt)])
    }

    public func passkey(credentialID: String) throws -> Passkey? {
        try access {
            try $0.query("SELECT \(Self.passkeyColumns) FROM passkeys WHERE credential_id = $1", [.text(credentialID)]) {
                try $0.passkey()
            }
        }.first
    }

    public func passkeys(accountID: String) throws -> [Passkey] {
        try access {
            try $0.query(
                "SELECT \(Self.passkeyColumns) FROM passkeys WHERE account_id = $1 ORDER BY created_at, credential_id",
                [.text(accountID)]) { try $0.passkey() }
        }
    }

    public func recordPasskeyUse(credentialID: String, signCount: Int64, backedUp: Bool, at time: Date) throws -> Bool {
        try access {
            try $0.run("UPDATE passkeys SET sign_count = $2, backed_up = $3, last_used_at = $4 WHERE credential_id = $1",
                       [.text(credentialID), .integer(signCount), .bool(backedUp), .date(time)])
        } == 1
    }

    public func renamePasskey(credentialID: String, accountID: String, name: String) throws -> Bool {
        try access {
            try $0.run("UPDATE passkeys SET name = $3 WHERE credential_id = $1 AND account_id = $2",
                       [.text(credentialID), .text(accountID), .text(name)])
        } == 1
    }

    public func deletePasskey(credentialID: String) throws -> Bool {
        try access { try $0.run("DELETE FROM passkeys WHERE credential_id = $1", [.text(credentialID)]) } > 0
    }

    public func insertWebAuthnFlow(_ flow: WebAuthnFlow, at time: Date) throws {
        try atomic { db in
            try db.run("DELETE FROM webauthn_flows WHERE expires_at < $1", [.date(time)])
            try db.insert(
                "INSERT INTO webauthn_flows (\(Self.flowColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [.text(flow.idHash), .text(flow.purpose.rawValue), .bytes(flow.challenge), .optionalText(flow.accountID),
                 .optionalText(flow.clientID), .date(flow.expiresAt), .optionalText(flow.email),
                 .optionalText(flow.displayName)])
        }
    }

    /// `DELETE … RETURNING` decides a race: only one statement deletes the row.
    public func takeWebAuthnFlow(idHash: String, at time: Date) throws -> WebAuthnFlow? {
        let taken = try atomic { db in
            try db.query("DELETE FROM webauthn_flows WHERE id_hash = $1 RETURNING \(Self.flowColumns)", [.text(idHash)]) {
                try $0.webAuthnFlow()
            }
        }.first
        guard let taken, taken.expiresAt > time else { return nil }
        return taken
    }
}

extension SQLRow {
    func passkey() throws -> Passkey {
        Passkey(credentialID: try text(0), accountID: try text(1), identityID: try text(2), publicKey: try bytes(3),
                signCount: try int64(4), backupEligible: try bool(5), backedUp: try bool(6), name: try text(7),
                createdAt: try date(8), lastUsedAt: try optionalDate(9))
    }

    func webAuthnFlow() throws -> WebAuthnFlow {
        WebAuthnFlow(idHash: try text(0), purpose: try raw(1, as: WebAuthnFlow.Purpose.self), challenge: try bytes(2),
                     accountID: try optionalText(3), clientID: try optionalText(4), email: try optionalText(6),
                     displayName: try optionalText(7), expiresAt: try date(5))
    }
}
