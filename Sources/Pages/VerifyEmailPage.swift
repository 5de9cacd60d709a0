import Foundation

/// The page a verification or email-change link opens: a button that confirms (only the POST does:
/// mail scanners follow GET links). For a sign-up's link it also says when the account was made and
/// with which sign-in methods, and offers "This wasn't me", which deletes that never-proven account
/// (docs/accounts-and-email.md, "Taking over an account through its lifecycle").
public struct VerifyEmailPage: Sendable {
    public var productName: String
    public var logoURL: String?
    public var token: String
    public var csrfToken: String
    /// When the account was made and its methods (`password`, `apple`, `google`); nil for other links.
    public var made: (at: Date, methods: [String])?
    public var locale: String?

    public init(productName: String, logoURL: String?, token: String, csrfToken: String,
                made: (at: Date, methods: [String])?, locale: String?) {
        self.productName = productName
        self.logoURL = logoURL
        self.token = token
        self.csrfToken = csrfToken
        self.made = made
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let title = m.text(.verifyTitle, ["product": productName])
        let body: HTML = """
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(title)</h1>
            <p>\(m[.verifyBody])</p>
            \(madeWith(m))
            <form method="post" action="/verify-email">
            \(Layout.csrf(csrfToken))\(Layout.hidden("token", token))
            <button type="submit">\(m[.verifyButton])</button>
            </form>
            \(notMe(m))
            """
        return Layout.document(title: title, messages: m, body: body)
    }

    func madeWith(_ m: Messages) -> HTML {
        guard let made else { return .empty }
        let words = ["date": Messages.moment(made.at), "methods": m.methods(made.methods)]
        return "<p class=\"made-with\">\(m.text(.madeWith, words))</p>"
    }

    func notMe(_ m: Messages) -> HTML {
        guard made != nil else { return .empty }
        return """
            <form method="post" action="/verify-email/not-me">
            \(Layout.csrf(csrfToken))\(Layout.hidden("token", token))
            <button class="danger" type="submit">\(m[.notMeButton])</button>
            </form>
            """
    }
}
