import Foundation
import HTTPServer
import OAuthCore

/// The session cookie: HttpOnly, SameSite=Lax, Secure except on a loopback http issuer.
struct CookiePolicy: Sendable {
    static let sessionName = "al_session"
    static let loginName = "al_login"
    let secure: Bool

    init(issuer: URL) { secure = issuer.scheme == "https" }

    func set(_ name: String, _ value: String, expires: Date?) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Lax"]
        if let expires { parts.append("Max-Age=\(max(0, Int(expires.timeIntervalSinceNow)))") }
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }

    func clear(_ name: String) -> String {
        var parts = ["\(name)=", "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"]
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }

    func session(_ cookie: SessionCookie) -> String { set(Self.sessionName, cookie.value, expires: cookie.expiresAt) }
}

extension HTTPResponse {
    /// RFC 6749 §5.1: tokens and errors, and every page holding a form, are never cached.
    func noStore() -> HTTPResponse {
        var copy = self
        copy.headers.replaceOrAdd("Cache-Control", "no-store")
        return copy
    }
}
