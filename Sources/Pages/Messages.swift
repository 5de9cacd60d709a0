/// The message catalog: keyed strings, one complete table per language.
///
/// Adding a language is adding a `[Key: String]` table and a `Language` to `Messages.languages`;
/// `MessagesTests.everyLanguageIsComplete` fails until the table has every key.
public struct Messages: Sendable {
    /// A page language: its BCP 47 tag (RFC 5646), its own name and its writing direction.
    public struct Language: Sendable, Equatable {
        public let tag: String
        public let name: String
        public let rightToLeft: Bool
    }

    /// Every page language, in the order the language switch lists them.
    public static let languages = [
        Language(tag: "en", name: "English", rightToLeft: false),
        Language(tag: "de", name: "Deutsch", rightToLeft: false),
        Language(tag: "pt-BR", name: "Português (Brasil)", rightToLeft: false),
        Language(tag: "fa", name: "فارسی", rightToLeft: true),
        Language(tag: "ja", name: "日本語", rightToLeft: false),
    ]

    /// The tags of `languages` (OIDC Discovery `ui_locales_supported`).
    public static var supportedTags: [String] { languages.map(\.tag) }

    /// The built-in tables by lowercase language tag; `pt` is Brazilian Portuguese.
    public static let tables: [String: [Key: String]] = [
        "en": englishTable,
        "de": withPasskeyTexts(withAccountPageTexts(withFirstWeekTexts(withAppFlipTexts(withLifecycleTexts(withAccountTexts(germanTable, "de"), "de"), "de"), "de"), "de"), "de"),
        "pt": withPasskeyTexts(withAccountPageTexts(withFirstWeekTexts(withAppFlipTexts(withLifecycleTexts(withAccountTexts(brazilianPortugueseTable, "pt-br"), "pt-br"), "pt-br"), "pt-br"), "pt-br"), "pt-br"),
        "pt-br": withPasskeyTexts(withAccountPageTexts(withFirstWeekTexts(withAppFlipTexts(withLifecycleTexts(withAccountTexts(brazilianPortugueseTable, "pt-br"), "pt-br"), "pt-br"), "pt-br"), "pt-br"), "pt-br"),
        "fa": withPasskeyTexts(withAccountPageTexts(withFirstWeekTexts(withAppFlipTexts(withLifecycleTexts(withAccountTexts(persianTable, "fa"), "fa"), "fa"), "fa"), "fa"), "fa"),
        "ja": withPasskeyTexts(withAccountPageTexts(withFirstWeekTexts(withAppFlipTexts(withLifecycleTexts(withAccountTexts(japaneseTable, "ja"), "ja"), "ja"), "ja"), "ja"), "ja"),
    ]

    /// The page's language tag as written in `lang` (e.g. `pt-BR`).
    public let locale: String
    private let table: [Key: String]

    /// Picks the table for `locale` (e.g. Google's `user_locale`, `de-DE`, `pt_BR`, or an OIDC
    /// `ui_locales` list such as `fr-CA fa`) by RFC 4647 §3.4 lookup: for each tag in order, the
    /// full tag, then shorter prefixes; then English.
    public init(locale: String?, tables: [String: [Key: String]] = Messages.tables) {
        for tag in (locale ?? "").split(separator: " ").flatMap({ Messages.candidates(String($0)) }) {
            if let table = tables[tag] {
                self.locale = Messages.canonical(tag)
                self.table = table
                return
            }
        }
        self.locale = "en"
        self.table = tables["en"] ?? Messages.englishTable
    }

    /// The language of this catalog.
    public var language: Language {
        Messages.languages.first { $0.tag == locale } ?? Messages.languages[0]
    }

    /// `rtl` for right-to-left languages (HTML `dir`), else `ltr`.
    public var direction: String { language.rightToLeft ? "rtl" : "ltr" }

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

    /// A scope in words (the consent page and the account page); nil for a scope the catalog
    /// does not know.
    public func scope(_ name: String) -> String? {
        let keys: [String: Key] = [
            "openid": .scopeOpenID, "email": .scopeEmail, "profile": .scopeProfile, "devices": .scopeDevices,
            "offline_access": .scopeOfflineAccess,
        ]
        return keys[name].map { text($0) }
    }

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

    /// `pt` and `pt-br` are written `pt-BR`; the other tags are lowercase already.
    static func canonical(_ tag: String) -> String {
        tag.hasPrefix("pt") ? "pt-BR" : (languages.first { $0.tag.lowercased() == tag }?.tag ?? tag)
    }
}
