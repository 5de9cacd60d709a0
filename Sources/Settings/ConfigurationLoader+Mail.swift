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
        guard let from = value(Self.mailFrom) ?? MailFrom.default(issuer: issuer) else {
            settings.from = ""  // no default on an address literal: nothing is sent (MailFrom.default)
            return try parseSignUp(into: settings)
        }
        guard from.split(separator: "@", omittingEmptySubsequences: false).count == 2,
              !from.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0.isNewline })
        else { throw ConfigurationError(key: name(Self.mailFrom), "not an email address: \(from)") }
        settings.from = from
        return try parseSignUp(into: settings)
    }

    private func parseSignUp(into mail: AccountMailSettings) throws -> AccountMailSettings {
        var settings = mail
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

/// The From address of every mail (README.md, Configuration, `ACCOUNTLINK_MAIL_FROM`).
public enum MailFrom {
    /// `no-reply@` + the issuer's host when that host is a domain name; nil for an address literal or a
    /// single-label name (`127.0.0.1`, `[::1]`, `localhost`), where no default would be deliverable:
    /// mail then waits in the outbox until `ACCOUNTLINK_MAIL_FROM` is set.
    static func `default`(issuer: URL) -> String? {
        guard let host = issuer.host, isDomainName(host) else { return nil }
        return "no-reply@" + host
    }

    /// A usable From: one `@`, a non-empty local part, and a domain name (RFC 5321 §4.1.2 Domain: dotted
    /// labels of letters, digits and hyphens, the last not all digits).
    public static func isValid(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty,
              !parts[0].contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" })
        else { return false }
        return isDomainName(String(parts[1]))
    }

    static func isDomainName(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, !last.allSatisfy(\.isNumber) else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
