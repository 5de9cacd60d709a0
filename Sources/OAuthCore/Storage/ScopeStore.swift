import Foundation

/// The operator's custom scopes (CustomScope), one row per name.
public protocol ScopeStore {
    /// Throws `.conflict` when a scope of that name (the same bytes) exists.
    func insertScope(_ scope: CustomScope) throws
    /// Every custom scope, ordered by name.
    func listScopes() throws -> [CustomScope]
    /// False if absent. Clients that list the name keep it; it is no longer granted (ScopeRules.resolve).
    func deleteScope(name: String) throws -> Bool
}
