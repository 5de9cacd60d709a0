import Foundation
import OAuthCore

/// ScopeStore, client updates and account pages (Sources/OAuthCore/Storage/Storage.swift) in SQL both
/// dialects. A scope's descriptions are one JSON object (language tag → text), keys sorted.
extension SQLStorage {
    public func insertScope(_ scope: CustomScope) throws {
        try access {
            _ = try $0.insert("INSERT INTO custom_scopes (name, descriptions, created_at) VALUES ($1, $2, $3)",
                              [.text(scope.name), .text(try ScopeDescriptions.encode(scope.descriptions)),
                               .date(scope.createdAt)])
        }
    }

    public func listScopes() throws -> [CustomScope] {
        let scopes = try access {
            try $0.query("SELECT name, descriptions, created_at FROM custom_scopes") { row in
                CustomScope(name: try row.text(0), descriptions: try ScopeDescriptions.decode(try row.text(1)),
                            createdAt: try row.date(2))
            }
        }
        // By bytes, whatever the database's collation.
        return scopes.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    public func deleteScope(name: String) throws -> Bool {
        try access { try $0.run("DELETE FROM custom_scopes WHERE name = $1", [.text(name)]) == 1 }
    }

    public func updateClient(_ client: Client) throws -> Bool {
        try access {
            try $0.run(
                """
                UPDATE clients SET name = $2, redirect_uris = $3, scopes = $4, is_public = $5, first_party = $6,
                app_flip = $7, rotate_refresh_tokens = $8, resource_server = $9, client_credentials = $10,
                id_token_signed_response_alg = $11, web_origins = $12, backchannel_logout_uri = $13 WHERE id = $1
                """,
                [
                    .text(client.id), .text(client.name), try .strings(client.redirectURIs), try .strings(client.scopes),
                    .bool(client.isPublic), .bool(client.firstParty), .bool(client.appFlip),
                    .bool(client.rotateRefreshTokens), .bool(client.resourceServer), .bool(client.clientCredentials),
                    .text(client.idTokenSignedResponseAlg), try .strings(client.webOrigins),
                    .optionalText(client.backchannelLogoutURI),
                ]) == 1
        }
    }

    /// Ordered by id in the database's collation (bytes on SQLite; PostgreSQL as initialised, C.UTF-8 in
    /// docs/deploy.md): each page starts where the last one ended whatever the collation.
    public func listAccounts(after: String?, limit: Int) throws -> [Account] {
        let since = after.map { _ in "AND id > $2" } ?? ""
        let values: [SQLValue] = [.int(max(0, limit))] + (after.map { [.text($0)] } ?? [])
        return try access {
            try $0.query(
                "SELECT \(Columns.account) FROM accounts WHERE status <> 'deleted' \(since) ORDER BY id LIMIT $1",
                values
            ) { try $0.account() }
        }
    }
}

/// A scope's descriptions as stored: a JSON object with sorted keys.
enum ScopeDescriptions {
    static func encode(_ descriptions: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(descriptions), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [String: String] {
        do { return try JSONDecoder().decode([String: String].self, from: Data(text.utf8)) } catch {
            throw StoreError.corrupt("custom scope descriptions: \(error)")
        }
    }
}
