import Foundation
import Support

/// Adding and removing the operator's custom scopes, shared by `accountlink scope add|remove` and
/// `/admin/scopes` (one owner; docs/operations.md, Custom scopes). The checks of a scope itself are
/// CustomScope.checked's.
public enum ScopeCatalog {
    public enum Failure: Error, Equatable {
        /// The name or a description is unacceptable (CLI exit 65, HTTP 400).
        case data(String)
        /// A scope of that name exists, or a client still lists the one to remove (CLI exit 65, HTTP 409).
        case conflict(String)
        /// No custom scope of that name (CLI exit 65, HTTP 404).
        case notFound(String)

        public var message: String {
            switch self {
            case .data(let text), .conflict(let text), .notFound(let text): text
            }
        }
    }

    public static func add(name: String, descriptions: [String: String], _ context: some RegistryContext,
                           actor: String) throws(Failure) -> CustomScope {
        let scope: CustomScope
        do { scope = try CustomScope.checked(name: name, descriptions: descriptions, reserved: ScopeRules.reserved,
                                             at: context.clock.now()) } catch { throw .data(error.sentence) }
        do { try context.store.insertScope(scope) } catch StoreError.conflict {
            throw .conflict("a scope named \(name) already exists")
        } catch { throw .data("cannot store the scope: \(error)") }
        context.audit(.scopeAdded, accountID: nil, clientID: nil, detail: "\(name) by \(actor)")
        return scope
    }

    /// Refused while a client lists the scope: remove it there first (`client update ID --scope …`).
    public static func remove(name: String, _ context: some RegistryContext, actor: String) throws(Failure) {
        do {
            if let client = try context.store.listClients().first(where: { $0.scopes.containsBytes(name) }) {
                throw Failure.conflict("client \(client.id) lists scope \(name): change its scopes first (client update \(client.id) --scope …)")
            }
            guard try context.store.deleteScope(name: name) else { throw Failure.notFound("no custom scope \(name)") }
        } catch let failure as Failure { throw failure } catch { throw .data("cannot remove the scope: \(error)") }
        context.audit(.scopeRemoved, accountID: nil, clientID: nil, detail: "\(name) by \(actor)")
    }
}
