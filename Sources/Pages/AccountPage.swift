import Foundation

/// The signed-in account page: who is signed in, the sign-in methods, the linked services with
/// an "Unlink" form each (Google: offer a way to unlink), delete account, log out.
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
    public var email: String
    public var name: String?
    public var signInMethods: [SignInMethod]
    public var linkedServices: [LinkedService]
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
        let who: HTML = name.map { "<p class=\"name\">\($0)</p>" } ?? .empty
        let body: HTML = """
            <h1>\(title)</h1>
            \(who)<p>\(m.text(.signedInAs, ["email": email]))</p>
            <h2>\(m[.signInMethods])</h2>
            <ul>\(signInMethods.map { method(m, $0) })</ul>
            \(addLinks(m))
            \(passkeys?.render(m) ?? .empty)
            <h2>\(m[.linkedServices])</h2>
            \(services(m))
            \(security(m))
            <form method="post" action="\(url: deleteAccountURL)">\(Layout.csrf(csrfToken))\
            <button class="danger" type="submit">\(m[.deleteAccount])</button></form>
            <form method="post" action="\(url: logoutAction)">\(Layout.csrf(csrfToken))\
            <button class="secondary" type="submit">\(m[.logOut])</button></form>
            """
        return Layout.document(title: title, messages: m, body: body, frame: frame)
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
        let email: HTML = method.email.map { " <span>\($0)</span>" } ?? .empty
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
        default: provider
        }
    }

    func services(_ m: Messages) -> HTML {
        guard !linkedServices.isEmpty else { return "<p>\(m[.noLinkedServices])</p>" }
        let items = linkedServices.map { service -> HTML in
            """
            <li><strong>\(service.clientName)</strong> \
            <span>\(m[.scopesLabel]) \(service.scopes.map { m.scope($0) ?? $0 }.joined(separator: ", "))</span> \
            <span>\(m.text(.linkedOn, ["date": Layout.day(service.linkedAt)]))</span> \
            <form class="inline" method="post" action="\(url: unlinkAction)">\
            \(Layout.csrf(csrfToken))\(Layout.hidden("grant_id", service.grantID))\
            <button class="secondary" type="submit">\(m[.unlink])</button></form></li>
            """
        }
        return "<ul>\(items)</ul>"
    }
}
