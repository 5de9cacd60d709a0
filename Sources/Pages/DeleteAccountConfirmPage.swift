/// Asks before deleting an account (App Store Review Guideline 5.1.1(v): deletion offered in
/// the app, with a confirmation step); the form POSTs to `/account/delete` (docs/sign-in.md, Lifecycle).
public struct DeleteAccountConfirmPage: Sendable {
    public var email: String
    public var csrfToken: String
    public var action: String
    public var cancelURL: String
    public var locale: String?
    public var frame = PageFrame.current

    public init(
        email: String, csrfToken: String, action: String = "/account/delete",
        cancelURL: String = "/account", locale: String? = nil
    ) {
        self.email = email
        self.csrfToken = csrfToken
        self.action = action
        self.cancelURL = cancelURL
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let body: HTML = """
            <h1>\(m[.deleteTitle])</h1>
            <p>\(m.text(.deleteWarning, ["email": email]))</p>
            <form method="post" action="\(url: action)">\(Layout.csrf(csrfToken))\
            <button class="danger" type="submit" name="confirm" value="yes">\(m[.deleteConfirm])</button></form>
            <p><a class="button secondary" href="\(url: cancelURL)">\(m[.keepAccount])</a></p>
            """
        return Layout.document(title: m[.deleteTitle], messages: m, body: body, frame: frame)
    }
}
