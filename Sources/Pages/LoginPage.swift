/// The sign-in page: email and password posted to `action`, plus optional Apple and Google
/// buttons. The error slot is one generic message whatever failed, so the page never tells
/// whether an email has an account.
public struct LoginPage: Sendable {
    public var productName: String
    public var logoURL: String?
    public var action: String
    public var csrfToken: String
    public var interactionID: String?
    public var email: String
    public var failed: Bool
    public var appleSignInURL: String?
    public var appleButtonStyle: AppleButtonStyle
    public var googleSignInURL: String?
    public var locale: String?
    /// Set while sign-in is throttled: the page says to wait about this many minutes instead of
    /// blaming the password (docs/pages.md, honest messages).
    public var retryAfterMinutes: Int?
    public var frame = PageFrame.current
    /// "Create an account" and "Forgot your password?" (docs/accounts-and-email.md); nil hides them.
    public var signUpURL: String?
    public var forgotPasswordURL: String?
    /// Where the passkey form posts its assertion and fetches its options (docs/passkeys.md, The web
    /// pages); nil leaves passkeys off the page.
    public var passkeyAction: String?
    public var passkeyOptionsURL = "/login/passkey/options"
    /// The last passkey sign-in was refused: one generic message, as for the password.
    public var passkeyFailed = false

    public init(
        productName: String, logoURL: String? = nil, action: String = "/login",
        csrfToken: String, interactionID: String? = nil, email: String = "",
        failed: Bool = false, appleSignInURL: String? = nil,
        appleButtonStyle: AppleButtonStyle = .black, googleSignInURL: String? = nil,
        locale: String? = nil
    ) {
        self.productName = productName
        self.logoURL = logoURL
        self.action = action
        self.csrfToken = csrfToken
        self.interactionID = interactionID
        self.email = email
        self.failed = failed
        self.appleSignInURL = appleSignInURL
        self.appleButtonStyle = appleButtonStyle
        self.googleSignInURL = googleSignInURL
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let title = m.text(.signInTitle, ["product": productName])
        let body: HTML = """
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(title)</h1>
            \(error(m))
            <form method="post" action="\(url: action)">
            \(Layout.csrf(csrfToken))\(Layout.hidden("interaction", interactionID))
            <label for="email">\(m[.email])</label>
            <input id="email" name="email" type="email" autocomplete="username webauthn" required value="\(email)">
            <label for="password">\(m[.password])</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">\(m[.signIn])</button>
            </form>
            \(passkeyForm(m))
            \(accountLinks(m))
            \(providerButtons(m))
            """
        return Layout.document(title: title, messages: m, body: body, frame: frame)
    }

    func error(_ m: Messages) -> HTML {
        let text: String
        if let minutes = retryAfterMinutes {
            text = minutes <= 1 ? m[.signInThrottledMinute] : m.text(.signInThrottledMinutes, ["minutes": String(minutes)])
        } else if passkeyFailed {
            text = m[.passkeyFailed]
        } else if failed {
            text = m[.signInFailed]
        } else {
            return .empty
        }
        return "<p class=\"error\" role=\"alert\">\(text)</p>"
    }

    func passkeyForm(_ m: Messages) -> HTML {
        guard let passkeyAction else { return .empty }
        return PasskeyControls.signInForm(action: passkeyAction, optionsURL: passkeyOptionsURL, csrfToken: csrfToken,
                                          interactionID: interactionID, m)
    }

    func providerButtons(_ m: Messages) -> HTML {
        var buttons: [HTML] = []
        if let appleSignInURL {
            buttons.append(SignInButtons.apple(url: appleSignInURL, style: appleButtonStyle, messages: m))
        }
        if let googleSignInURL { buttons.append(SignInButtons.google(url: googleSignInURL, messages: m)) }
        guard !buttons.isEmpty else { return .empty }
        return "<p class=\"or\">\(m[.or])</p>\n<div class=\"providers\">\(buttons)</div>"
    }

    func accountLinks(_ m: Messages) -> HTML {
        var links: [HTML] = []
        if let forgotPasswordURL { links.append("<p><a href=\"\(url: forgotPasswordURL)\">\(m[.forgotLink])</a></p>") }
        if let signUpURL { links.append("<p><a href=\"\(url: signUpURL)\">\(m[.signUpLink])</a></p>") }
        return "\(links)"
    }
}
