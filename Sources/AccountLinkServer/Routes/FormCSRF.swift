import JOSE
import Support

/// CSRF for forms shown before any session exists (login, sign-up, reset, verification): OWASP's
/// "signed double-submit cookie" (Cross-Site Request Forgery Prevention Cheat Sheet). The cookie holds
/// a random value this server set, with a MAC of it; the form's token is an HMAC of that value. Both
/// MACs are under a key derived from the master key (one key for every instance), so a cookie
/// someone else planted (a sibling subdomain, a plain-http hop) is not ours and its token cannot be
/// computed without the key. On an https issuer the cookie is `__Host-` (`cookiePolicy.loginName`), so
/// it cannot be planted at all.
struct FormCSRF: Sendable {
    private let key: [UInt8]

    init(masterKey: [UInt8]) {
        key = HMACSHA256.authenticate(key: masterKey, data: Array("accountlink.form-csrf.v1".utf8))
    }

    /// A new cookie value: 256 random bits, then the MAC that marks it as set by this server.
    func newCookie(_ random: any RandomSource) -> String {
        let value = random.token()
        return value + "." + mac("cookie", value)
    }

    /// True when the cookie value was set by this server.
    func isOurs(_ cookie: String) -> Bool {
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count >= 43 else { return false }
        return ConstantTime.equals(mac("cookie", String(parts[0])), String(parts[1]))
    }

    /// The hidden field's value for forms under this cookie.
    func token(for cookie: String) -> String { mac("form", cookie) }

    /// The posted token belongs to the posted cookie, and the cookie is ours (constant-time compare).
    func passes(cookie: String?, token: String?) -> Bool {
        guard let cookie, isOurs(cookie) else { return false }
        return ConstantTime.equals(self.token(for: cookie), token ?? "")
    }

    private func mac(_ purpose: String, _ value: String) -> String {
        Base64URL.encode(HMACSHA256.authenticate(key: key, data: Array("\(purpose)\u{0}\(value)".utf8)))
    }
}
