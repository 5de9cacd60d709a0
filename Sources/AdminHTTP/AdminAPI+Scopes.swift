import Foundation
import HTTPServer
import OAuthCore
import Operations
import Support

extension AdminAPI {
    /// `POST /admin/scopes` body: the name and its consent texts by language tag (`en` required).
    struct NewScope: AdminBody {
        let name: String
        let descriptions: [String: String]
        static let members: Set<String> = ["name", "descriptions"]
        static let shape = #"a JSON object with name and descriptions ({"en": TEXT, …})"#
    }

    func scopes(_ request: HTTPRequest, _ path: [String]) throws -> HTTPResponse {
        switch (request.method, path.count) {
        case ("GET", 0): return Self.ok(try runtime.storage.listScopes().map(ScopeView.init))
        case ("POST", 0):
            let body = try Self.body(request, NewScope.self)
            do {
                return Self.ok(ScopeView(try ScopeCatalog.add(name: body.name, descriptions: body.descriptions,
                                                              runtime, actor: Self.actor)), status: 201)
            } catch .conflict(let text) {
                throw AdminFailure(409, "conflict", text)
            } catch {
                throw AdminFailure.invalid(error.message)
            }
        case ("DELETE", 1):
            do { try ScopeCatalog.remove(name: path[0], runtime, actor: Self.actor) } catch .notFound(let text) {
                throw AdminFailure(404, "not_found", text)
            } catch { throw AdminFailure(409, "conflict", error.message) }
            return .empty(204)
        case (_, 0), (_, 1): throw AdminFailure(405, "method_not_allowed", "\(request.method) is not allowed here")
        default: throw AdminFailure.notFound("such scope resource")
        }
    }
}
