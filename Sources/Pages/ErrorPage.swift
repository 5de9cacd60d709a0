/// A plain error page. Used when nothing may be redirected, e.g. an unknown client or a
/// `redirect_uri` that is not registered (RFC 6749 §4.1.2.1: the server MUST NOT redirect then).
public struct ErrorPage: Sendable {
    public var title: String
    public var message: String
    public var locale: String?

    public init(title: String, message: String, locale: String? = nil) {
        self.title = title
        self.message = message
        self.locale = locale
    }

    public func render() -> String {
        let m = Messages(locale: locale)
        let body: HTML = """
            <h1>\(title)</h1>
            <p role="alert">\(message)</p>
            """
        return Layout.document(title: title, messages: m, body: body)
    }
}
