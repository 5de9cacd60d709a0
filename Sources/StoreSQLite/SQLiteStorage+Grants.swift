import Foundation
import OAuthCore

extension SQLiteStorage: GrantStore {
    public func insertGrant(_ grant: Grant) throws {
        try access {
            try $0.run(
                "INSERT INTO grants (\(Columns.grant)) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .text(grant.id), .text(grant.accountID), .text(grant.clientID), try .strings(grant.scope),
                    .date(grant.createdAt), .optionalDate(grant.revokedAt),
                ])
        }
    }

    public func grant(id: String) throws -> Grant? {
        try access {
            try $0.query("SELECT \(Columns.grant) FROM grants WHERE id = ?", [.text(id)]) { try $0.grant() }
        }
        .first
    }

    public func activeGrants(accountID: String) throws -> [Grant] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.grant) FROM grants WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at, rowid
                """, [.text(accountID)]
            ) { try $0.grant() }
        }
    }

    public func activeGrant(accountID: String, clientID: String) throws -> Grant? {
        try access {
            try $0.query(
                """
                SELECT \(Columns.grant) FROM grants WHERE account_id = ? AND client_id = ? AND revoked_at IS NULL
                ORDER BY created_at, rowid LIMIT 1
                """, [.text(accountID), .text(clientID)]
            ) { try $0.grant() }
        }.first
    }

    public func updateGrantScope(id: String, scope: [String]) throws {
        try access {
            try $0.run("UPDATE grants SET scope = ? WHERE id = ?", [try .strings(scope), .text(id)])
        }
    }

    public func revokeGrant(id: String, at time: Date) throws -> Bool {
        try atomic { try Self.revokeGrant(id, at: time, in: $0) }
    }

    /// Revokes the grant, marks its unused codes used and its live tokens revoked, at `time`.
    /// The caller provides the transaction.
    static func revokeGrant(_ id: String, at time: Date, in db: SQLiteConnection) throws -> Bool {
        let values: [SQLiteValue] = [.date(time), .text(id)]
        guard try db.run("UPDATE grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", values) == 1
        else {
            return false
        }
        try db.run(
            "UPDATE authorization_codes SET consumed_at = ? WHERE grant_id = ? AND consumed_at IS NULL",
            values)
        try db.run("UPDATE tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL", values)
        return true
    }
}

extension SQLiteStorage: ClientStore {
    public func insertClient(_ client: Client) throws {
        try access {
            try $0.run(
                "INSERT INTO clients (\(Columns.client)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(client.id), .text(client.name), .optionalText(client.secretHash),
                    try .strings(client.redirectURIs),
                    try .strings(client.scopes), .bool(client.isPublic), .bool(client.firstParty),
                    .bool(client.appFlip),
                    .bool(client.rotateRefreshTokens), .date(client.createdAt),
                ])
        }
    }

    public func client(id: String) throws -> Client? {
        try access {
            try $0.query("SELECT \(Columns.client) FROM clients WHERE id = ?", [.text(id)]) {
                try $0.client()
            }
        }
        .first
    }

    public func listClients() throws -> [Client] {
        try access { try $0.query("SELECT \(Columns.client) FROM clients ORDER BY id") { try $0.client() } }
    }

    public func deleteClient(id: String, at time: Date) throws -> Bool {
        try atomic { db in
            guard try db.run("DELETE FROM clients WHERE id = ?", [.text(id)]) == 1 else { return false }
            let grants = try db.query(
                "SELECT id FROM grants WHERE client_id = ? AND revoked_at IS NULL", [.text(id)]
            ) {
                try $0.text(0)
            }
            for grant in grants { _ = try Self.revokeGrant(grant, at: time, in: db) }
            return true
        }
    }
}
