/// The headers every response carries unless the handler set its own (OWASP Secure Headers).
public enum SecurityHeaders {
    /// Default CSP for HTML: nothing loads but same-origin styles, images and scripts (our one
    /// script file, docs/passkeys.md; never inline), which may call back to this origin only; forms
    /// post to ourselves or HTTPS redirect targets; no framing (clickjacking on the consent page).
    public static let defaultContentSecurityPolicy =
        "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; form-action 'self' https:; frame-ancestors 'none'; base-uri 'none'"

    /// Adds `X-Content-Type-Options`, `Referrer-Policy` and, on `text/html`, CSP and `X-Frame-Options`.
    public static func apply(to headers: inout HTTPHeaders) {
        if !headers.contains("X-Content-Type-Options") { headers.add("X-Content-Type-Options", "nosniff") }
        if !headers.contains("Referrer-Policy") { headers.add("Referrer-Policy", "no-referrer") }
        guard let type = headers["Content-Type"], isHTML(type) else { return }
        if !headers.contains("Content-Security-Policy") {
            headers.add("Content-Security-Policy", defaultContentSecurityPolicy)
        }
        if !headers.contains("X-Frame-Options") { headers.add("X-Frame-Options", "DENY") }
    }

    static func isHTML(_ contentType: String) -> Bool {
        let prefix = "text/html"
        guard contentType.utf8.count >= prefix.utf8.count else { return false }
        return HTTPHeaders.same(String(contentType.prefix(prefix.count)), prefix)
    }
}
