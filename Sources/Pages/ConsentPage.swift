/// The consent page. For a client registered for Google it follows Google's rules (Cloud-to-cloud
/// "Authorization" page and the App Flip consent-screen guidelines): the account is linked to
/// Google, never "Google Home" or "Google Assistant"; an authorization statement; plain words on
/// the data shared and why; Google's privacy policy; how to unlink; a way to switch account; the
/// maker's logo; "Agree and link" and "Cancel". Any other client gets its own name, what it may do,
/// "Allow" and "Cancel", and no Google wording. The buttons keep their names either way (docs/pages.md).
public struct ConsentPage: Sendable {
    /// Google's privacy policy (App Flip guidelines, recommendation 1).
    public static let googlePrivacyPolicyURL = "https://policies.google.com/privacy"
    /// Where the user unlinks later (recommendation 3: a URL to their account settings).
    public static let accountURL = "/account"

    public var productName: String
    public var logoURL: String?
    public var accountEmail: String?
    /// One plain sentence per requested scope: what the client gets and why.
    public var scopeDescriptions: [String]
    /// Google clients only. Nil: the catalog's statement in the page's language.
    public var authorizationStatement: String?
    public var action: String
    public var csrfToken: String
    public var interactionID: String
    public var switchAccountURL: String
    public var locale: String?
    /// The client's registered name, shown when it is not Google.
    public var clientName: String
    /// Registered for Google (its redirect URIs or App Flip): Google's rules and wording.
    public var forGoogle: Bool
    public var frame = PageFrame.current

    public init(
        productName: String, logoURL: String? = nil, accountEmail: String? = nil,
        scopeDescriptions: [String], authorizationStatement: String? = nil,
        action: String = "/authorize", csrfToken: String, interactionID: String,
        switchAccountURL: String, locale: String? = nil, clientName: String = "Google", forGoogle: Bool = true
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
        self.clientName = clientName
        self.forGoogle = forGoogle
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let names = ["product": productName, "client": clientName]
        let title = m.text(forGoogle ? .consentTitle : .clientConsentTitle, names)
        // The whole page is the form, so the sticky action bar stays on screen on a phone.
        let body: HTML = """
            <form method="post" action="\(url: action)">
            \(Layout.csrf(csrfToken))\(Layout.hidden("interaction", interactionID))
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(title)</h1>
            <p>\(m.text(forGoogle ? .consentIntro : .clientConsentIntro, names))</p>
            \(statement(m))
            <h2>\(m.text(forGoogle ? .consentDataHeading : .clientConsentDataHeading, names))</h2>
            \(dataList(m))
            \(account(m))
            \(links(m))
            <div class="actions">
            <!-- docs/pages.md: these two buttons, exactly. -->
            <button name="decision" value="allow">\(m[forGoogle ? .agreeAndLink : .allow])</button>
            <button name="decision" value="deny">\(m[.cancel])</button>
            </div>
            </form>
            """
        return Layout.document(title: title, messages: m, body: body, frame: frame)
    }

    /// Google's authorization statement
    /// (https://developers.home.google.com/cloud-to-cloud/project/authorization); none for other clients.
    func statement(_ m: Messages) -> HTML {
        guard forGoogle else { return .empty }
        return "<p class=\"statement\">\(authorizationStatement ?? m[.consentAuthorization])</p>"
    }

    func links(_ m: Messages) -> HTML {
        let unlink: HTML = "<p><a href=\"\(url: Self.accountURL)\">\(m[forGoogle ? .consentUnlink : .clientConsentUnlink])</a></p>"
        guard forGoogle else { return unlink }
        return "<p><a href=\"\(url: Self.googlePrivacyPolicyURL)\">\(m[.consentPrivacy])</a></p>\n\(unlink)"
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
