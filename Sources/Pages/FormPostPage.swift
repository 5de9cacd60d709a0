/// OAuth 2.0 Form Post Response Mode §2: the authorization response as a form the browser posts to
/// the client's redirect URI. A same-page script submits it; the Content-Security-Policy allows that
/// one script by its hash (`scriptHash`, computed by the server), and the button does the same when
/// scripts are off.
public struct FormPostPage: Sendable {
    /// The only script, allowed by the page's `script-src 'sha256-…'` (CSP Level 3 §8.3).
    public static let script = "document.forms[0].submit();"

    public var action: String
    public var fields: [(name: String, value: String)]
    public var locale: String?
    public var frame = PageFrame.current

    public init(action: String, fields: [(name: String, value: String)], locale: String?) {
        self.action = action
        self.fields = fields
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let hidden = fields.map { Layout.hidden($0.name, $0.value) }
        let body: HTML = """
            <h1>\(m[.formPostTitle])</h1>
            <form method="post" action="\(url: action)">
            \(hidden)
            <p>\(m[.formPostBody])</p>
            <button type="submit">\(m[.continueLabel])</button>
            </form>
            <script>\(HTML.unsafeRaw(Self.script))</script>
            """
        return Layout.document(title: m[.formPostTitle], messages: m, body: body, frame: frame)
    }
}
