import Foundation
import OAuthCore
import Support

/// ScopeStore, client updates and account pages (Sources/OAuthCore/Storage/Storage.swift).
extension MemoryStorage {
    public func insertScope(_ scope: CustomScope) throws {
        try access {
            try $0.scopes.insertNew(scope, at: Array(scope.name.utf8), conflict: "scope \(scope.name) exists")
        }
    }

    public func listScopes() throws -> [CustomScope] {
        try access { $0.scopes.values.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) } }
    }

    public func deleteScope(name: String) throws -> Bool {
        try access { $0.scopes.removeValue(forKey: Array(name.utf8)) != nil }
    }

    public func updateClient(_ client: Client) throws -> Bool {
        try access { state in
            let key = Array(client.id.utf8)
            guard let stored = state.clients[key] else { return false }
            var updated = client
            updated.secretHash = stored.secretHash
            updated.createdAt = stored.createdAt
            state.clients[key] = updated
            return true
        }
    }

    public func listAccounts(after: String?, limit: Int) throws -> [Account] {
        try access { state in
            let live = state.accounts.values.filter { account in
                account.status != .deleted && after.map { account.id.utf8.lexicographicallyPrecedes($0.utf8) == false
                    && !account.id.sameBytes($0) } ?? true
            }
            return Array(live.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }.prefix(max(0, limit)))
        }
    }
}
