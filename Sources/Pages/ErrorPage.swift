/// An error page that speaks to a person: what happened and what to do (from the catalog, in the
/// page's language), with the technical code small underneath. Used when nothing may be
/// redirected, e.g. an unknown client or a `redirect_uri` that is not registered (RFC 6749
/// §4.1.2.1: the server MUST NOT redirect then).
public struct ErrorPage: Sendable {
    public var title: String
    public var message: String
    public var locale: String?
    /// The wire code (e.g. `invalid_request`), shown small for support; nil shows none.
    public var code: String?
    /// The maker's name and logo above the message; nil shows none.
    public var productName: String?
    public var logoURL: String?
    public var frame = PageFrame.current

    public init(title: String, message: String, locale: String? = nil, code: String? = nil) {
        self.title = title
        self.message = message
        self.locale = locale
        self.code = code
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let code: HTML = self.code.map { "<p class=\"code\"><small>\(m.text(.errorCode, ["code": $0]))</small></p>" } ?? .empty
        let brand: HTML = productName.map { Layout.brand(product: $0, logoURL: logoURL) } ?? .empty
        let body: HTML = """
            \(brand)
            <h1>\(title)</h1>
            <p role="alert">\(message)</p>
            \(code)
            """
        return Layout.document(title: title, messages: m, body: body, frame: frame)
    }
}
