/// Shown when a new Apple or Google identity carries a verified email that an existing account
/// already owns: the person proves that account before the identity is linked (docs/architecture.md,
/// Decisions: one person, one account; docs/sign-in.md `link_required`).
public struct LinkAccountPage: Sendable {
    public var productName: String
    public var logoURL: String?
    public var email: String
    public var action: String
    public var csrfToken: String
    public var linkToken: String
    public var failed: Bool
    public var locale: String?
    public var frame = PageFrame.current

    public init(
        productName: String, logoURL: String? = nil, email: String, action: String = "/login",
        csrfToken: String, linkToken: String, failed: Bool = false, locale: String? = nil
    ) {
        self.productName = productName
        self.logoURL = logoURL
        self.email = email
        self.action = action
        self.csrfToken = csrfToken
        self.linkToken = linkToken
        self.failed = failed
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let error: HTML = failed ? "<p class=\"error\" role=\"alert\">\(m[.signInFailed])</p>" : .empty
        let body: HTML = """
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(m[.linkTitle])</h1>
            <p>\(m.text(.linkIntro, ["email": email, "product": productName]))</p>
            \(error)
            <form method="post" action="\(url: action)">
            \(Layout.csrf(csrfToken))\(Layout.hidden("link_token", linkToken))
            <label for="email">\(m[.email])</label>
            <input id="email" name="email" type="email" autocomplete="email" readonly value="\(email)">
            <label for="password">\(m[.password])</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">\(m[.linkAndSignIn])</button>
            </form>
            """
        return Layout.document(title: m[.linkTitle], messages: m, body: body, frame: frame)
    }
}
