/// What every page shares around its content: the maker's accent colour and policy links, and
/// where the language switch points (docs/pages.md).
public struct PageFrame: Sendable, Equatable {
    /// The frame of the request being answered: the server sets it once per request, and every
    /// page made while answering starts from it (`frame` stays an ordinary, overridable value).
    @TaskLocal public static var current = PageFrame()

    /// `#rgb` or `#rrggbb`; anything else is ignored (`Layout.css` keeps its default).
    public var accentColor: String?
    /// The maker's policies, linked in the footer (README.md: `ACCOUNTLINK_PRIVACY_URL`,
    /// `ACCOUNTLINK_TERMS_URL`).
    public var privacyURL: String?
    public var termsURL: String?
    /// A same-origin GET URL that shows this page again; the language switch adds `lang=TAG`.
    public var languageSwitchURL: String

    public init(
        accentColor: String? = nil, privacyURL: String? = nil, termsURL: String? = nil,
        languageSwitchURL: String = "/"
    ) {
        self.accentColor = accentColor
        self.privacyURL = privacyURL
        self.termsURL = termsURL
        self.languageSwitchURL = languageSwitchURL
    }

    /// The URL that shows this page in `tag`.
    public func switchURL(_ tag: String) -> String {
        var base = languageSwitchURL
        if let hash = base.firstIndex(of: "#") { base = String(base[..<hash]) }
        return base + (base.contains("?") ? "&" : "?") + "lang=" + tag
    }

    /// True for `#rgb` and `#rrggbb` (the only colours put into the style sheet).
    public static func isHexColor(_ text: String) -> Bool {
        let digits = text.dropFirst()
        return text.first == "#" && (digits.count == 3 || digits.count == 6) && digits.allSatisfy(\.isHexDigit)
    }
}
