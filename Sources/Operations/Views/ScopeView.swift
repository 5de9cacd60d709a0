import OAuthCore
import Support

/// A custom scope as `accountlink scope list --json` and `GET /admin/scopes` show it.
public struct ScopeView: Codable, Sendable {
    public let name: String
    public let descriptions: [String: String]
    public let created_at: String

    public init(_ scope: CustomScope) {
        name = scope.name
        descriptions = scope.descriptions
        created_at = RFC3339.string(scope.createdAt)
    }
}
