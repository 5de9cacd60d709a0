import Foundation
import Support

extension ConfigurationLoader {
    func build() throws -> ServerConfiguration {
        let (host, port) = try parseListen(value(Self.listen) ?? "127.0.0.1:8080")
        let issuer = try parseIssuer(value(Self.issuer), host: host, port: port)
        let lifetime = try parseInt(Self.accessLifetime, default: 3600, range: 60...86_400)
        let level = value(Self.logLevel) ?? "info"
        guard ["debug", "info", "warning", "error"].contains(level) else {
            throw ConfigurationError(key: name(Self.logLevel), "must be debug, info, warning or error")
        }
        let (logoURL, logoFile) = try parseLogo()
        var configuration = ServerConfiguration(
            listenHost: host, listenPort: port, issuer: issuer,
            database: try parseDatabase(value(Self.database) ?? Self.defaultDatabase),
            masterKey: try parseMasterKey(),
            apple: try parseApple(), google: try parseGoogle(),
            productName: value(Self.productName) ?? "AccountLink",
            logoURL: logoURL, logoFile: logoFile,
            // Nil unless set: each page language then has its own statement (the catalog's).
            consentStatement: value(Self.consentStatement),
            appleAppIDs: list(Self.appleAppIDs),
            appFlipPath: try parsePath(Self.appFlipPath, default: "/app-flip"),
            androidPackage: value(Self.androidPackage),
            androidCertFingerprints: list(Self.androidCerts),
            accessTokenLifetime: lifetime, logLevel: level,
            accentColor: try parseAccentColor(), privacyURL: try parsePolicyURL(Self.privacyURL),
            termsURL: try parsePolicyURL(Self.termsURL))
        try addOperatorSettings(&configuration)
        try addStoreSettings(&configuration)
        try addPasskeySettings(&configuration)
        try addWebhookSettings(&configuration)
        configuration.accountMail = try parseAccountMail(issuer: issuer)
        return configuration
    }

    static let defaultDatabase = "sqlite:./accountlink-data/accountlink.sqlite"

    func parseListen(_ text: String, setting: Setting = Self.listen) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { throw ConfigurationError(key: name(setting), "expected host:port, got \"\(text)\"") }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ConfigurationError(key: name(setting), "the host is empty") }
        return (host, port)
    }

    func parseIssuer(_ text: String?, host: String, port: Int) throws -> URL {
        let key = name(Self.issuer)
        let raw = text ?? "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        guard let url = URL(string: raw), let scheme = url.scheme, let issuerHost = url.host, !issuerHost.isEmpty
        else { throw ConfigurationError(key: key, "\"\(raw)\" is not an absolute URL") }
        // RFC 8414 §2: the issuer has no query or fragment.
        guard url.query == nil, url.fragment == nil, url.user == nil else {
            throw ConfigurationError(key: key, "must not contain a query, fragment or user info")
        }
        switch scheme {
        case "https": break
        case "http" where LoopbackHost.contains(issuerHost): break
        case "http" where text == nil:
            // The issuer was derived from the listen address: blame the setting the user gave.
            throw ConfigurationError(
                key: name(Self.listen),
                "\(host) is not a loopback address, so the default issuer \(raw) is not allowed; set ACCOUNTLINK_ISSUER (--issuer) to the public https:// URL")
        case "http": throw ConfigurationError(key: key, "http:// is allowed only for a loopback host; use https://")
        default: throw ConfigurationError(key: key, "must use https://")
        }
        var trimmed = raw
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return URL(string: trimmed)!
    }

    func parseDatabase(_ text: String) throws -> ServerConfiguration.Database {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw ConfigurationError(key: name(Self.database), "sqlite: needs a path") }
            try checkExplicitFolder(path, given: text)
            return .sqlite(path: path)
        }
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            guard URL(string: text)?.host != nil else {
                throw ConfigurationError(key: name(Self.database), "not a valid postgres:// URL")
            }
            return .postgres(url: text)
        }
        throw ConfigurationError(
            key: name(Self.database), "expected sqlite:PATH or postgres://user:pass@host:port/db")
    }

    /// A typo in an explicit SQLite path must not create a fresh empty database (and master key)
    /// elsewhere: its folder has to exist already. Only the default folder is created on first start.
    func checkExplicitFolder(_ path: String, given text: String) throws {
        guard text != Self.defaultDatabase else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ConfigurationError(
                key: name(Self.database), "the folder \(folder) does not exist; create it first (only the default folder is created)")
        }
    }

    func parseMasterKey() throws -> [UInt8]? {
        guard let text = value(Self.masterKey) else { return nil }
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            data.count == 32
        else { throw ConfigurationError(key: name(Self.masterKey), "must be base64 of exactly 32 bytes") }
        return [UInt8](data)
    }

    func parseURL(_ setting: Setting, default fallback: String) throws -> URL {
        let raw = value(setting) ?? fallback
        guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ConfigurationError(key: name(setting), "\"\(raw)\" is not an http(s) URL")
        }
        return url
    }

    func parseApple() throws -> ServerConfiguration.Apple {
        let servicesID = value(Self.appleServicesID)
        // The web flow's tokens carry the Services ID as `aud`.
        let apple = ServerConfiguration.Apple(
            clientIDs: audiences(Self.appleClientIDs, and: servicesID), teamID: value(Self.appleTeamID), keyID: value(Self.appleKeyID),
            privateKeyFile: value(Self.appleKeyFile),
            baseURL: try parseURL(Self.appleBaseURL, default: "https://appleid.apple.com"), servicesID: servicesID)
        if let file = apple.privateKeyFile, !FileManager.default.isReadableFile(atPath: file) {
            throw ConfigurationError(key: name(Self.appleKeyFile), "cannot read \(file)")
        }
        let parts = [apple.teamID, apple.keyID, apple.privateKeyFile].compactMap { $0 }
        if !parts.isEmpty && parts.count < 3 {
            throw ConfigurationError(
                key: Self.appleTeamID.env,
                "ACCOUNTLINK_APPLE_TEAM_ID, ACCOUNTLINK_APPLE_KEY_ID and ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE go together")
        }
        return apple
    }

    func parseGoogle() throws -> ServerConfiguration.Google {
        let webClientID = value(Self.googleWebClientID)
        // The web flow's ID tokens carry the web client ID as `aud`.
        let google = ServerConfiguration.Google(
            clientIDs: audiences(Self.googleClientIDs, and: webClientID), hostedDomains: list(Self.googleHostedDomains),
            jwksURL: try parseURL(Self.googleJWKS, default: "https://www.googleapis.com/oauth2/v3/certs"),
            webClientID: webClientID, webClientSecret: value(Self.googleWebClientSecret),
            authorizationURL: try parseURL(Self.googleAuthURL, default: "https://accounts.google.com/o/oauth2/v2/auth"),
            tokenURL: try parseURL(Self.googleTokenURL, default: "https://oauth2.googleapis.com/token"),
            riscConfigurationURL: try parseURL(
                Self.googleRiscConfigurationURL, default: "https://accounts.google.com/.well-known/risc-configuration"),
            revokeURL: try parseURL(Self.googleRevokeURL, default: "https://oauth2.googleapis.com/revoke"))
        if (google.webClientID == nil) != (google.webClientSecret == nil) {
            throw ConfigurationError(
                key: Self.googleWebClientID.env,
                "ACCOUNTLINK_GOOGLE_WEB_CLIENT_ID and ACCOUNTLINK_GOOGLE_WEB_CLIENT_SECRET go together")
        }
        return google
    }

    /// The client IDs `setting` lists, and the web flow's own ID (its tokens' `aud`) when set and not listed.
    func audiences(_ setting: Setting, and webID: String?) -> [String] {
        let listed = list(setting)
        guard let webID, !listed.containsBytes(webID) else { return listed }
        return listed + [webID]
    }

    func parseInt(_ setting: Setting, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = value(setting) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw ConfigurationError(
                key: name(setting), "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func parsePath(_ setting: Setting, default fallback: String) throws -> String {
        let path = value(setting) ?? fallback
        guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#") else {
            throw ConfigurationError(key: name(setting), "must be a path starting with /")
        }
        return path
    }
}
