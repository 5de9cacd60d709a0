import Foundation

/// Which language a page is shown in, in this order (docs/pages.md): an explicit choice (the
/// language switch, remembered in a cookie), the app's request (`ui_locales`, OIDC Core §3.1.2.1,
/// or Google's `user_locale`), the browser's `Accept-Language` (RFC 9110 §12.5.4), then English.
public struct LanguageChoice: Sendable, Equatable {
    /// A supported tag chosen with the language switch, or nil.
    public var explicit: String?
    /// `ui_locales` / `user_locale` of the pending authorization request.
    public var requested: String?
    /// The `Accept-Language` header as sent.
    public var acceptLanguage: String?

    public init(explicit: String? = nil, requested: String? = nil, acceptLanguage: String? = nil) {
        self.explicit = explicit
        self.requested = requested
        self.acceptLanguage = acceptLanguage
    }

    /// The supported tag for `value` (`de-AT` → `de`), or nil when no page language matches.
    public static func supported(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        let messages = Messages(locale: value)
        let english = Messages.candidates(value).contains("en")
        return messages.locale == "en" && !english ? nil : messages.locale
    }

    /// The page language's tag.
    public var tag: String {
        if let tag = Self.supported(explicit) { return tag }
        for value in (requested ?? "").split(separator: " ") {
            if let tag = Self.supported(String(value)) { return tag }
        }
        for value in Self.ranges(acceptLanguage ?? "") {
            if let tag = Self.supported(value) { return tag }
        }
        return "en"
    }

    /// RFC 9110 §12.5.4: language ranges by falling quality, `q=0` and `*` dropped.
    static func ranges(_ header: String) -> [String] {
        let items = header.split(separator: ",").enumerated().compactMap { index, item -> (String, Double, Int)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first, !range.isEmpty, range != "*" else { return nil }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return q > 0 ? (range, q, index) : nil
        }
        return items.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
    }
}
