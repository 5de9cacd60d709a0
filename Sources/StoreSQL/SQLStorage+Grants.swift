import Foundation
import OAuthCore

extension SQLStorage {
    public func insertGrant(_ grant: Grant) throws {
        try access {
            try $0.insert(
                "INSERT INTO grants (\(Columns.grant)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [
                    .text(grant.id), .text(grant.accountID), .text(grant.clientID), try .strings(grant.scope),
                    .date(grant.createdAt), .optionalDate(grant.revokedAt),
                    .optionalText(grant.origin.ipAddress), .optionalText(grant.origin.userAgent),
                ])
        }
    }

    public func grant(id: String) throws -> Grant? {
        try access {
            try $0.query("SELECT \(Columns.grant) FROM grants WHERE id = $1", [.text(id)]) { try $0.grant() }
        }
        .first
    }

    public func activeGrants(accountID: String) throws -> [Grant] {
        try access {
            try $0.query(
                """
                SELECT \(Columns.grant) FROM grants WHERE account_id = $1 AND revoked_at IS NULL
                ORDER BY created_at, \($0.insertionOrder)
                """, [.text(accountID)]
            ) { try $0.grant() }
        }
    }

    public func activeGrant(accountID: String, clientID: String) throws -> Grant? {
        try access {
            try $0.query(
                """
                SELECT \(Columns.grant) FROM grants WHERE account_id = $1 AND client_id = $2 AND revoked_at IS NULL
                ORDER BY created_at, \($0.insertionOrder) LIMIT 1
                """, [.text(accountID), .text(clientID)]
            ) { try $0.grant() }
        }.first
    }

    public func updateGrantScope(id: String, scope: [String]) throws {
        try access {
            try $0.run("UPDATE grants SET scope = $1 WHERE id = $2", [try .strings(scope), .text(id)])
        }
    }

    public func revokeGrant(id: String, at time: Date) throws -> Bool {
        try atomic { try Self.revokeGrant(id, at: time, in: $0) }
    }

    /// Revokes the grant, marks its unused codes used and its live tokens revoked, at `time`.
    /// The caller provides the transaction.
    static func revokeGrant(_ id: String, at time: Date, in db: any SQLConnection) throws -> Bool {
        let values: [SQLValue] = [.date(time), .text(id)]
        guard
            try db.run("UPDATE grants SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL", values) == 1
        else {
            return false
        }
        try db.run(
            "UPDATE authorization_codes SET consumed_at = $1 WHERE grant_id = $2 AND consumed_at IS NULL",
            values)
        try db.run("UPDATE tokens SET revoked_at = $1 WHERE grant_id = $2 AND revoked_at IS NULL", values)
        return true
    }
}

extension SQLStorage {
    public func insertClient(_ client: Client) throws {
        try insertRow(
            into: "clients", Columns.client,
            [
                .text(client.id), .text(client.name), .optionalText(client.secretHash),
                try .strings(client.redirectURIs),
                try .strings(client.scopes), .bool(client.isPublic), .bool(client.firstParty),
                .bool(client.appFlip),
                .bool(client.rotateRefreshTokens), .date(client.createdAt), .bool(client.resourceServer),
                .bool(client.clientCredentials), .text(client.idTokenSignedResponseAlg),
                try .strings(client.webOrigins), .optionalText(client.backchannelLogoutURI),
            ])
    }

    public func client(id: String) throws -> Client? {
        try access { try $0.query(clientByIDSQL, [.text(id)]) { try $0.client() } }.first
    }

    /// The same statement, sent by the backend's suspending read (PostgreSQL: PGReader).
    public func readClient(id: String) async throws -> Client? {
        try await read(clientByIDSQL, [.text(id)]) { try $0.client() }.first
    }

    public func listClients() throws -> [Client] {
        try access { try $0.query("SELECT \(Columns.client) FROM clients ORDER BY id") { try $0.client() } }
    }

    public func deleteClient(id: String, at time: Date) throws -> Bool {
        try atomic { db in
            guard try db.run("DELETE FROM clients WHERE id = $1", [.text(id)]) == 1 else { return false }
            let grants = try db.query(
                "SELECT id FROM grants WHERE client_id = $1 AND revoked_at IS NULL", [.text(id)]
            ) {
                try $0.text(0)
            }
            for grant in GrantLockOrder.sorted(grants) { _ = try Self.revokeGrant(grant, at: time, in: db) }
            return true
        }
    }
}

/// One client by id (`client(id:)`, `readClient(id:)`).
private let clientByIDSQL = "SELECT \(Columns.client) FROM clients WHERE id = $1"
