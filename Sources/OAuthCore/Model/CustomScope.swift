import Foundation
import Support

/// A scope the operator named (`accountlink scope add`, `POST /admin/scopes`; docs/operations.md, Custom
/// scopes): known to the server beside the configured ones, offered in discovery `scopes_supported`, and
/// shown on the consent page in the person's language. Device makers name their own scopes in Google's
/// linking console (https://developers.home.google.com/cloud-to-cloud/project/authorization).
public struct CustomScope: Sendable, Equatable {
    public var name: String
    /// Consent text by language tag: `en` is required; `de`, `pt-BR`, `fa`, `ja` are optional.
    public var descriptions: [String: String]
    public var createdAt: Date

    /// The languages a description may be given in, English first (the pages' languages).
    public static let languages = ["en", "de", "pt-BR", "fa", "ja"]

    public init(name: String, descriptions: [String: String], createdAt: Date) {
        self.name = name
        self.descriptions = descriptions
        self.createdAt = createdAt
    }

    /// The text for `locale`: its own, else its language's (`pt` for `pt-BR`), else English.
    public func description(locale: String?) -> String {
        let english = descriptions["en"] ?? name
        guard let locale else { return english }
        if let exact = descriptions.first(where: { $0.key.lowercased() == locale.lowercased() }) { return exact.value }
        let language = locale.split(separator: "-").first.map { String($0).lowercased() } ?? ""
        let same = descriptions.keys.sorted().first { $0.split(separator: "-").first.map(String.init)?.lowercased() == language }
        return same.flatMap { descriptions[$0] } ?? english
    }

    public enum Invalid: Error, Equatable {
        /// Not an RFC 6749 §3.3 scope-token, or one the server defines itself.
        case name(String)
        /// English missing, a language not offered, or an empty or overlong text.
        case description(String)

        public var sentence: String {
            switch self {
            case .name(let text), .description(let text): text
            }
        }
    }

    /// The checks `scope add` and `POST /admin/scopes` share (one owner): a scope-token that is not one
    /// the configuration or OIDC defines, an English description, only the pages' languages.
    public static func checked(name: String, descriptions: [String: String], reserved: [String],
                               at time: Date) throws(Invalid) -> CustomScope {
        guard OAuthConfiguration.isScopeToken(name), name.utf8.count <= 64 else {
            throw .name("scope name must be 1 to 64 characters of RFC 6749 §3.3 (no spaces, quotes or backslashes)")
        }
        guard !reserved.containsBytes(name) else { throw .name("scope \(name) is already defined by the server") }
        var kept: [String: String] = [:]
        for (language, text) in descriptions {
            guard let tag = languages.first(where: { $0.lowercased() == language.lowercased() }) else {
                throw .description("descriptions may be given in \(languages.joined(separator: ", ")), not \(language)")
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= 200 else {
                throw .description("the \(tag) description must be 1 to 200 characters")
            }
            kept[tag] = trimmed
        }
        guard kept["en"] != nil else { throw .description("an English description is required (--description)") }
        return CustomScope(name: name, descriptions: kept, createdAt: time)
    }
}
