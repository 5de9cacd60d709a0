import Foundation
import Settings

extension Doctor {
    /// What the configuration alone tells.
    func configurationFindings() -> [Finding] {
        let configuration = runtime.configuration
        return [issuer(configuration), appIDs(configuration), appleKey(configuration), masterKey(configuration),
                lifetime(configuration), mailFinding(), mailFrom(configuration), metricsPlacement(configuration)]
    }

    /// Google and Apple call the server over https only.
    func issuer(_ configuration: ServerConfiguration) -> Finding {
        configuration.issuer.scheme == "https"
            ? Self.pass("https_issuer", "the issuer \(configuration.issuerString) uses https")
            : Self.fail("https_issuer", "the issuer \(configuration.issuerString) is not https (development only)",
                        "set ACCOUNTLINK_ISSUER to the public https:// URL Google and Apple reach (behind a TLS proxy)")
    }

    /// App Flip needs the iOS app's IDs in apple-app-site-association (Google's App Flip guide); a
    /// deployment without an App Flip client needs none. The one finding for this cause: the served
    /// association file is checked only when IDs are set (Doctor+Server.swift).
    func appIDs(_ configuration: ServerConfiguration) -> Finding {
        let appFlip = ((try? runtime.storage.listClients()) ?? []).contains { $0.appFlip }
        if configuration.appleAppIDs.isEmpty && !appFlip {
            return Self.pass("apple_app_ids", "no App Flip client: no iOS app IDs needed")
        }
        return configuration.appleAppIDs.isEmpty
            ? Self.fail("apple_app_ids", "no iOS app IDs: the association file cannot open the app for App Flip",
                        "set ACCOUNTLINK_APPLE_APP_IDS to TEAMID.bundle.id of the maker's app")
            : Self.pass("apple_app_ids", "app IDs \(configuration.appleAppIDs.joined(separator: ", "))")
    }

    /// Account deletion must revoke Apple tokens (App Store rule 5.1.1(v)): that needs the key.
    func appleKey(_ configuration: ServerConfiguration) -> Finding {
        let apple = configuration.apple
        if !apple.enabled { return Self.pass("apple_key", "Sign in with Apple is off") }
        return apple.canCallApple
            ? Self.pass("apple_key", "Apple key \(apple.keyID ?? "") for code exchange and revocation")
            : Self.fail("apple_key", "Sign in with Apple is on but no key is set: no code exchange, no revocation",
                        "set ACCOUNTLINK_APPLE_TEAM_ID, ACCOUNTLINK_APPLE_KEY_ID and ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE")
    }

    /// A master key in a file beside the database is lost or leaked together with it.
    func masterKey(_ configuration: ServerConfiguration) -> Finding {
        guard configuration.masterKey == nil, case .sqlite(let path) = configuration.database else {
            return Self.pass("master_key", "the master key comes from ACCOUNTLINK_MASTER_KEY")
        }
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("master.key").path
        return Self.fail("master_key", "the master key lies beside the database in \(file)",
                         "move it to a secret store and pass it as ACCOUNTLINK_MASTER_KEY (base64 of 32 bytes)")
    }

    /// The From of every mail must be an address receivers accept (RFC 5321 §4.1.2: a domain name).
    func mailFrom(_ configuration: ServerConfiguration) -> Finding {
        let from = configuration.accountMail.from
        if from.isEmpty {
            return Self.fail("mail_from", "no From address: the issuer's host is not a domain name, so no mail is sent",
                             "set ACCOUNTLINK_MAIL_FROM to an address of your domain, e.g. no-reply@example.com")
        }
        return MailFrom.isValid(from)
            ? Self.pass("mail_from", "mail is sent from \(from)")
            : Self.fail("mail_from", "the From address \(from) is not a valid address of a domain",
                        "set ACCOUNTLINK_MAIL_FROM to an address of your domain, e.g. no-reply@example.com")
    }

    /// `/metrics` on the public listener tells anyone the traffic, errors and security events.
    func metricsPlacement(_ configuration: ServerConfiguration) -> Finding {
        configuration.metricsOnAdmin
            ? Self.pass("metrics", "/metrics is served on the admin listener only")
            : Self.fail("metrics", "/metrics is public: anyone reaching the server reads its traffic and security events",
                        "set ACCOUNTLINK_METRICS_LISTENER=admin (with ACCOUNTLINK_ADMIN_LISTEN), or block /metrics at the proxy")
    }

    /// Google refreshes near expiry; very short access tokens make it refresh constantly.
    func lifetime(_ configuration: ServerConfiguration) -> Finding {
        let seconds = configuration.accessTokenLifetime
        return seconds >= 300
            ? Self.pass("token_lifetime", "access tokens live \(seconds) s")
            : Self.fail("token_lifetime", "access tokens live only \(seconds) s",
                        "set ACCOUNTLINK_ACCESS_TOKEN_LIFETIME to 3600 (Google's samples use 3600 to 86400)")
    }
}
