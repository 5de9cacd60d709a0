/// The small one-form pages of the account flows (docs/accounts-and-email.md): sign-up, the email confirmation
/// button, forgot password, choose a new password, and their notices. Every word comes from the
/// catalog through the caller's keys; every form carries its CSRF field.
public struct AccountFormPage: Sendable {
    public struct Field: Sendable {
        public var name: String
        public var label: Messages.Key
        /// `email`, `password` or `text`.
        public var type: String
        public var autocomplete: String
        public var value: String
        public var required: Bool

        public init(_ name: String, _ label: Messages.Key, type: String, autocomplete: String, value: String = "",
                    required: Bool = true) {
            self.name = name
            self.label = label
            self.type = type
            self.autocomplete = autocomplete
            self.value = value
            self.required = required
        }
    }

    public var productName: String
    public var logoURL: String?
    public var title: Messages.Key
    /// Shown under the title; `{product}` and `{email}` are filled from `values`.
    public var intro: Messages.Key?
    public var values: [String: String]
    /// A problem to show above the form (already chosen by the caller, e.g. `.pwTooShort`).
    public var error: Messages.Key?
    public var errorValues: [String: String]
    public var action: String?
    public var csrfToken: String
    public var hidden: [(String, String)]
    public var fields: [Field]
    public var hint: Messages.Key?
    public var submit: Messages.Key?
    /// Links under the form: label and same-origin path.
    public var links: [(Messages.Key, String)]
    public var locale: String?
    /// Sign-up only: where the script posts the new passkey (docs/passkeys.md, The web pages); nil leaves
    /// passkeys off the form.
    public var passkeySignUpAction: String?
    public var passkeySignUpOptionsURL = "/signup/passkey/options"

    public init(productName: String, logoURL: String? = nil, title: Messages.Key, intro: Messages.Key? = nil,
                values: [String: String] = [:], error: Messages.Key? = nil, errorValues: [String: String] = [:],
                action: String? = nil, csrfToken: String = "", hidden: [(String, String)] = [], fields: [Field] = [],
                hint: Messages.Key? = nil, submit: Messages.Key? = nil, links: [(Messages.Key, String)] = [],
                locale: String? = nil) {
        self.productName = productName
        self.logoURL = logoURL
        self.title = title
        self.intro = intro
        self.values = values
        self.error = error
        self.errorValues = errorValues
        self.action = action
        self.csrfToken = csrfToken
        self.hidden = hidden
        self.fields = fields
        self.hint = hint
        self.submit = submit
        self.links = links
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let words = values.merging(["product": productName]) { old, _ in old }
        let title = m.text(self.title, words)
        let intro: HTML = self.intro.map { "<p>\(m.text($0, words))</p>" } ?? .empty
        let error: HTML = self.error.map { "<p class=\"error\" role=\"alert\">\(m.text($0, errorValues))</p>" } ?? .empty
        let links: [HTML] = self.links.map { "<p><a href=\"\(url: $0.1)\">\(m[$0.0])</a></p>" }
        let body: HTML = """
            \(Layout.brand(product: productName, logoURL: logoURL))
            <h1>\(title)</h1>
            \(error)\(intro)
            \(form(m))
            \(links)
            """
        return Layout.document(title: title, messages: m, body: body)
    }

    func form(_ m: Messages) -> HTML {
        guard let action, let submit else { return .empty }
        let hiddenFields: [HTML] = hidden.map { Layout.hidden($0.0, $0.1) }
        let inputs: [HTML] = fields.map { field in
            let required: HTML = field.required ? " required" : ""
            return """
                <label for="\(field.name)">\(m[field.label])</label>
                <input id="\(field.name)" name="\(field.name)" type="\(field.type)" autocomplete="\(field.autocomplete)"\
                 value="\(field.value)"\(required)>
                """
        }
        let hint: HTML = self.hint.map { "<p class=\"hint\">\(m[$0])</p>" } ?? .empty
        return """
            <form method="post" action="\(url: action)"\(passkeyAttributes)>
            \(Layout.csrf(csrfToken))\(hiddenFields)
            \(inputs)
            \(hint)
            <button type="submit">\(m[submit])</button>
            \(passkeyPart(m))
            </form>
            \(passkeyScript(m))
            """
    }

    var passkeyAttributes: HTML {
        guard let passkeySignUpAction else { return .empty }
        return PasskeyControls.signUpAttributes(action: passkeySignUpAction, optionsURL: passkeySignUpOptionsURL)
    }

    func passkeyPart(_ m: Messages) -> HTML {
        passkeySignUpAction == nil ? .empty : PasskeyControls.signUpPart(product: productName, m)
    }

    func passkeyScript(_ m: Messages) -> HTML {
        guard passkeySignUpAction != nil else { return .empty }
        return "\(PasskeyControls.failureNote(m[.passkeySignUpFailed]))\n\(PasskeyControls.script)"
    }
}
