/// The consent page for linking an account to Google, following Google's rules
/// (Cloud-to-cloud "Authorization" page and the App Flip consent-screen guidelines):
/// the account is linked to Google, never "Google Home" or "Google Assistant"; an authorization
/// statement; plain words on the data shared and why; Google's privacy policy; how to unlink;
/// a way to switch account; the maker's logo; "Agree and link" and "Cancel".
public struct ConsentPage: Sendable {
    /// Google's privacy policy (App Flip guidelines, recommendation 1).
    public static let googlePrivacyPolicyURL = "https://policies.google.com/privacy"
    /// Where the user unlinks later (recommendation 3: a URL to their account settings).
    public static let accountURL = "/account"

    public var productName: String
    public var logoURL: String?
    public var accountEmail: String?
    /// One plain sentence per requested scope: what Google gets and why.
    public var scopeDescriptions: [String]
    /// Nil: the catalog's "Once linked, Google will be able to control your devices."
    public var authorizationStatement: String?
    public var action: String
    public var csrfToken: String
    public var interactionID: String
    public var switchAccountURL: String
    public var locale: String?

    public init(
        productName: String, logoURL: String? = nil, accountEmail: String? = nil,
        scopeDescriptions: [String], authorizationStatement: String? = nil,
        action: String = "/authorize", csrfToken: String, interactionID: String,
        switchAccountURL: String, locale: String? = nil
    ) {
        self.productName = productName
        self.logoURL = logoURL
        self.accountEmail = accountEmail
        self.scopeDescriptions = scopeDescriptions
        self.authorizationStatement = authorizationStatement
        self.action = action
        self.csrfToken = csrfToken
        self.interactionID = interactionID
        self.switchAccountURL = switchAccountURL
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let product = ["product": productName]
        let title = m.text(.consentTitle, product)
        let body: HTML = """
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(title)</h1>
            <p>\(m.text(.consentIntro, product))</p>
            <p class="statement"><strong>\(authorizationStatement ?? m[.consentAuthorization])</strong></p>
            <h2>\(m.text(.consentDataHeading, product))</h2>
            \(dataList(m))
            \(account(m))
            <p><a href="\(url: Self.googlePrivacyPolicyURL)">\(m[.consentPrivacy])</a></p>
            <p><a href="\(url: Self.accountURL)">\(m[.consentUnlink])</a></p>
            <form method="post" action="\(url: action)">
            \(Layout.csrf(csrfToken))\(Layout.hidden("interaction", interactionID))
            <!-- CONTRACT.md "Web forms": these two buttons, exactly. -->
            <button name="decision" value="allow">\(m[.agreeAndLink])</button>
            <button name="decision" value="deny">\(m[.cancel])</button>
            </form>
            """
        return Layout.document(title: title, messages: m, body: body)
    }

    func dataList(_ m: Messages) -> HTML {
        guard !scopeDescriptions.isEmpty else { return "<p>\(m[.consentNoData])</p>" }
        let items = scopeDescriptions.map { (text: String) -> HTML in "<li>\(text)</li>" }
        return "<ul>\(items)</ul>"
    }

    /// Recommendation 4: offer switching account.
    func account(_ m: Messages) -> HTML {
        let who: HTML =
            accountEmail.map { "<span>\(m.text(.consentSignedInAs, ["email": $0]))</span> " } ?? .empty
        return "<p>\(who)<a href=\"\(url: switchAccountURL)\">\(m[.useAnotherAccount])</a></p>"
    }
}
