import Foundation
import Support

extension ConfigurationLoader {
    /// README.md, Configuration: `ACCOUNTLINK_SMTP_URL` (`smtp://[user:pass@]host:port`, STARTTLS when
    /// offered and required for a non-loopback host, or `smtps://`), `ACCOUNTLINK_MAIL_FROM`
    /// (default `no-reply@` + the issuer's host), `ACCOUNTLINK_SIGNUP` (`open` | `closed`),
    /// `ACCOUNTLINK_SIGNUP_MODE` (`immediate` | `verify-first`, docs/accounts-and-email.md),
    /// `ACCOUNTLINK_SMTP_CA_FILE` (PEM CAs trusted for the SMTP server, e.g. a relay with a private CA).
    func parseAccountMail(issuer: URL) throws -> AccountMailSettings {
        var settings = AccountMailSettings()
        if let raw = value(Self.smtpURL) {
            guard let url = URL(string: raw), let scheme = url.scheme, ["smtp", "smtps"].contains(scheme),
                  let host = url.host, !host.isEmpty
            else { throw ConfigurationError(key: name(Self.smtpURL), "expected smtp://[user:pass@]host:port or smtps://…") }
            settings.smtpURL = raw
            settings.smtpRequiresTLS = scheme == "smtps" || !LoopbackHost.contains(host)
        }
        if let file = value(Self.smtpCAFile) {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ConfigurationError(key: name(Self.smtpCAFile), "cannot read \(file)")
            }
            settings.smtpCAFile = file
        }
        let from = value(Self.mailFrom) ?? "no-reply@" + (issuer.host ?? "localhost")
        guard from.split(separator: "@", omittingEmptySubsequences: false).count == 2,
              !from.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0.isNewline })
        else { throw ConfigurationError(key: name(Self.mailFrom), "not an email address: \(from)") }
        settings.from = from
        switch value(Self.signUp) ?? "open" {
        case "open": settings.signUpOpen = true
        case "closed": settings.signUpOpen = false
        default: throw ConfigurationError(key: name(Self.signUp), "must be open or closed")
        }
        switch value(Self.signUpMode) ?? "immediate" {
        case "immediate": settings.signUpVerifiesFirst = false
        case "verify-first": settings.signUpVerifiesFirst = true
        default: throw ConfigurationError(key: name(Self.signUpMode), "must be immediate or verify-first")
        }
        return settings
    }
}
