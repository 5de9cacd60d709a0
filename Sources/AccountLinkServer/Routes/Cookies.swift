import Foundation
import HTTPServer
import OAuthCore

/// The session cookie: HttpOnly, SameSite=Lax, Secure except on a loopback http issuer.
struct CookiePolicy: Sendable {
    static let sessionName = "al_session"
    let secure: Bool

    /// The pre-session form cookie (`FormCSRF`): `__Host-` on an https issuer (RFC 6265bis §4.1.3.2:
    /// Secure, Path=/, no Domain, so neither a sibling subdomain nor a plain-http hop can set it).
    /// Browsers refuse the prefix without Secure, so a loopback http issuer keeps the plain name.
    var loginName: String { secure ? "__Host-al_login" : "al_login" }

    init(issuer: URL) { secure = issuer.scheme == "https" }

    func set(_ name: String, _ value: String, expires: Date?) -> String {
        attributes(name, value, maxAge: expires.map { max(0, Int($0.timeIntervalSinceNow)) })
    }

    func clear(_ name: String) -> String { attributes(name, "", maxAge: 0) }

    private func attributes(_ name: String, _ value: String, maxAge: Int?) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Lax"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }

    func session(_ cookie: SessionCookie) -> String { set(Self.sessionName, cookie.value, expires: cookie.expiresAt) }

    /// The web sign-in binding (WebSignIn.swift).
    static let signInName = "al_signin"

    /// A cookie that must come back on a cross-site POST (Apple's `form_post` callback): with an
    /// https issuer `SameSite=None; Secure` (browsers refuse `None` without `Secure`); on a loopback
    /// http issuer no SameSite attribute, the browsers' default.
    func crossSite(_ name: String, _ value: String, maxAge: Int) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "Max-Age=\(maxAge)"]
        if secure { parts += ["SameSite=None", "Secure"] }
        return parts.joined(separator: "; ")
    }
}

extension HTTPResponse {
    /// RFC 6749 §5.1: tokens and errors, and every page holding a form, are never cached.
    func noStore() -> HTTPResponse {
        var copy = self
        copy.headers.replaceOrAdd("Cache-Control", "no-store")
        return copy
    }
}

extension HTTPResponse {
    /// The login and consent pages of an authorization request: their forms end in a redirect to the
    /// client's registered redirect URI, which may be a native app's own scheme or a loopback port
    /// (RFC 8252), and browsers apply `form-action` to that redirect too. So these pages leave
    /// `form-action` out; everything else stays locked down, and the maker's https logo may load.
    func interactionPolicy() -> HTTPResponse {
        var copy = self
        copy.headers.replaceOrAdd(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
                + "img-src 'self' data: https:; "
                + "frame-ancestors 'none'; base-uri 'none'")
        return copy
    }
}
