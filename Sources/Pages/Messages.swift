/// The message catalog: keyed strings, one table per language.
///
/// Adding a language is adding a `[Key: String]` table to `Messages.tables` under its BCP-47
/// tag (RFC 5646); a key missing from a table falls back to English, which has every key.
public struct Messages: Sendable {
    public let locale: String
    private let table: [Key: String]

    /// The built-in tables by lowercase language tag.
    public static let tables: [String: [Key: String]] = [
        "en": englishTable, "de": germanTable, "pt": brazilianPortugueseTable, "pt-br": brazilianPortugueseTable,
    ]

    /// Picks the table for `locale` (e.g. Google's `user_locale`, `de-DE`, `pt_BR`) by RFC 4647
    /// §3.4 lookup: the full tag, then shorter prefixes, then English.
    public init(locale: String?, tables: [String: [Key: String]] = Messages.tables) {
        for tag in Messages.candidates(locale ?? "") {
            if let table = tables[tag] {
                self.locale = tag
                self.table = table
                return
            }
        }
        self.locale = "en"
        self.table = tables["en"] ?? Messages.englishTable
    }

    /// The text for `key`, with `{name}` placeholders filled from `values` in one pass, so a
    /// value that itself contains `{…}` is never expanded.
    public func text(_ key: Key, _ values: [String: String] = [:]) -> String {
        let template = table[key] ?? Messages.englishTable[key] ?? key.rawValue
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    public subscript(key: Key) -> String { text(key) }

    static func candidates(_ locale: String) -> [String] {
        var subtags = locale.lowercased().replacingOccurrences(of: "_", with: "-")
            .split(separator: "-").map(String.init)
        var tags: [String] = []
        while !subtags.isEmpty {
            tags.append(subtags.joined(separator: "-"))
            subtags.removeLast()
        }
        return tags
    }
}
