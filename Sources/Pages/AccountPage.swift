import Foundation

/// The signed-in account page, in the order of what a person does there (docs/pages.md, The account page):
/// the brand header with Log out; the email with its confirmation state; the sign-in methods (password,
/// Apple, Google, passkeys); the linked services, a card each with Unlink (Google: offer a way to unlink);
/// where the account is signed in, with sign-out of one and of all; the email change; and, set apart, the
/// danger zone with Delete account. A refused form comes back on this page with its error beside the field.
public struct AccountPage: Sendable {
    public struct SignInMethod: Sendable {
        public var id: String
        /// Shown as is, e.g. "Password", "Apple", "Google".
        public var provider: String
        public var email: String?
        public init(id: String, provider: String, email: String? = nil) {
            self.id = id
            self.provider = provider
            self.email = email
        }
    }

    public struct LinkedService: Sendable {
        public var grantID: String
        public var clientName: String
        public var scopes: [String]
        public var linkedAt: Date
        public init(grantID: String, clientName: String, scopes: [String], linkedAt: Date) {
            self.grantID = grantID
            self.clientName = clientName
            self.scopes = scopes
            self.linkedAt = linkedAt
        }
    }

    public var productName: String
    public var logoURL: String?
    public var email: String
    public var name: String?
    public var signInMethods: [SignInMethod]
    public var linkedServices: [LinkedService]
    /// Web sessions and app sign-ins (`AccountPage+SignIns.swift`); empty hides the section.
    public var signIns: [SignIn] = []
    public var csrfToken: String
    public var removeMethodAction: String
    public var unlinkAction: String
    /// POSTed (with the CSRF field, kept out of URLs and logs) to show the confirmation page.
    public var deleteAccountURL: String
    public var logoutAction: String
    public var locale: String?
    /// "Add Sign in with Apple/Google" links for methods the account does not have yet.
    public var addAppleURL: String?
    public var addGoogleURL: String?
    public var frame = PageFrame.current
    /// Set (true/false) to show the email status and the password and email forms (docs/accounts-and-email.md).
    public var emailVerified: Bool?
    /// A line confirming the last change (already translated).
    public var securityNotice: String?
    /// The account's address is unproven: no method may be added, the page says why instead of offering it.
    public var addingMethodsBlocked = false
    /// The passkeys, their own section under the sign-in methods (`PasskeysSection`); nil hides it.
    public var passkeys: PasskeysSection?
    /// A refused password or email form, shown beside its field with what was typed kept (`FormError`).
    public var formError: FormError?

    public init(
        productName: String, email: String, name: String? = nil,
        signInMethods: [SignInMethod], linkedServices: [LinkedService], csrfToken: String,
        removeMethodAction: String = "/account/methods/remove",
        unlinkAction: String = "/account/unlink",
        deleteAccountURL: String = "/account/delete/confirm",
        logoutAction: String = "/logout", locale: String? = nil
    ) {
        self.productName = productName
        self.email = email
        self.name = name
        self.signInMethods = signInMethods
        self.linkedServices = linkedServices
        self.csrfToken = csrfToken
        self.removeMethodAction = removeMethodAction
        self.unlinkAction = unlinkAction
        self.deleteAccountURL = deleteAccountURL
        self.logoutAction = logoutAction
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let title = m.text(.accountTitle, ["product": productName])
        let body: HTML = """
            \(header(m))
            <h1>\(title)</h1>
            \(profile(m))
            <section aria-labelledby="methods-heading"><h2 id="methods-heading">\(m[.signInMethods])</h2>
            <ul class="cards">\(signInMethods.filter { $0.provider.lowercased() != "passkey" }.map { method(m, $0) })</ul>
            \(passkeysSection(m))\(addLinks(m))\(passwordForm(m))</section>
            <section aria-labelledby="services-heading"><h2 id="services-heading">\(m[.linkedServices])</h2>
            \(services(m))</section>
            \(signInsSection(m))
            \(emailForm(m))
            \(dangerZone(m))
            """
        return Layout.document(title: title, messages: m, body: body, frame: frame)
    }

    /// The brand, as on every page, with Log out at the other end (apart from the danger zone).
    func header(_ m: Messages) -> HTML {
        """
        <div class="topbar">\(Layout.brand(product: productName, logoURL: logoURL))\
        <form class="inline" method="post" action="\(url: logoutAction)">\(Layout.csrf(csrfToken))\
        <button class="secondary" type="submit">\(m[.logOut])</button></form></div>
        """
    }

    /// Who is signed in: the name, the email and, right beside it, whether it is confirmed.
    func profile(_ m: Messages) -> HTML {
        let who: HTML = name.map { "<p class=\"name\">\($0)</p>" } ?? .empty
        let notice: HTML = securityNotice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" } ?? .empty
        return """
            \(notice)\(who)<p class="email">\(m.text(.signedInAs, ["email": email]))\(emailBadge(m))</p>\(resendForm(m))
            """
    }

    /// Buttons to add Sign in with Apple or Google to this account ("upgrade").
    func addLinks(_ m: Messages) -> HTML {
        if addingMethodsBlocked { return "<p class=\"unverified\">\(m[.msgEmailUnverified])</p>" }
        var links: [HTML] = []
        if let addAppleURL { links.append("<li><a href=\"\(url: addAppleURL)\">\(m[.addApple])</a></li>") }
        if let addGoogleURL { links.append("<li><a href=\"\(url: addGoogleURL)\">\(m[.addGoogle])</a></li>") }
        return links.isEmpty ? .empty : "<ul class=\"add-methods\">\(links)</ul>"
    }

    /// A method can be removed only while another remains, so nobody locks themselves out.
    func method(_ m: Messages, _ method: SignInMethod) -> HTML {
        let email: HTML = method.email.map { " <span class=\"detail\">\($0)</span>" } ?? .empty
        let remove: HTML =
            signInMethods.count > 1
            ? """
             <form class="inline" method="post" action="\(url: removeMethodAction)">\
            \(Layout.csrf(csrfToken))\(Layout.hidden("method_id", method.id))\
            <button class="secondary" type="submit">\(m[.remove])</button></form>
            """ : .empty
        return "<li><strong>\(Self.providerName(method.provider, m))</strong>\(email)\(remove)</li>"
    }

    /// "password" in the page's language; Apple and Google keep their names.
    static func providerName(_ provider: String, _ m: Messages) -> String {
        switch provider.lowercased() {
        case "password": m[.methodPassword]
        case "apple": "Apple"
        case "google": "Google"
        case "passkey": m[.passkeysHeading]
        default: provider
        }
    }

    /// Each linked service on its own card: its name, what it may access, since when, and Unlink.
    func services(_ m: Messages) -> HTML {
        guard !linkedServices.isEmpty else { return "<p>\(m[.noLinkedServices])</p>" }
        let items = linkedServices.map { service -> HTML in
            """
            <li><strong>\(service.clientName)</strong>
            <span class="detail">\(m[.scopesLabel]) \(service.scopes.map { m.scope($0) ?? $0 }.joined(separator: ", "))</span>
            <span class="detail">\(m.text(.linkedOn, ["date": Layout.day(service.linkedAt)]))</span>
            <form class="inline" method="post" action="\(url: unlinkAction)">\
            \(Layout.csrf(csrfToken))\(Layout.hidden("grant_id", service.grantID))\
            <button class="secondary" type="submit">\(m[.unlink])</button></form></li>
            """
        }
        return "<ul class=\"cards\">\(items)</ul>"
    }
}
