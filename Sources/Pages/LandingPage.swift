/// `GET /` and unknown paths (README.md "The pages": HTML landing and 404 pages in the person's language).
public struct LandingPage: Sendable {
    public var productName: String
    public var logoURL: String?
    public var locale: String?
    /// True: the 404 page ("Page not found", a link home); false: the landing page.
    public var notFound: Bool
    public var accountURL: String
    public var frame = PageFrame.current

    public init(
        productName: String, logoURL: String? = nil, locale: String? = nil, notFound: Bool = false,
        accountURL: String = "/account"
    ) {
        self.productName = productName
        self.logoURL = logoURL
        self.locale = locale
        self.notFound = notFound
        self.accountURL = accountURL
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let product = ["product": productName]
        let title = notFound ? m[.notFoundTitle] : m.text(.landingTitle, product)
        let text = notFound ? m[.notFoundText] : m.text(.landingIntro, product)
        let link: HTML =
            notFound
            ? "<a class=\"button\" href=\"/\">\(m[.goHome])</a>"
            : "<a class=\"button\" href=\"\(url: accountURL)\">\(m[.goToAccount])</a>"
        let body: HTML = """
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(title)</h1>
            <p>\(text)</p>
            \(link)
            """
        return Layout.document(title: title, messages: m, body: body, frame: frame)
    }
}
