import Foundation
import JOSE

/// Reads settings from a JSON file, the environment and flags, in that order of rising priority.
public struct ConfigurationLoader {
    /// One setting: its environment name, its JSON key and, for some, its flag.
    struct Setting {
        let env: String
        let json: String
        let flag: String?
    }

    static let listen = Setting(env: "ACCOUNTLINK_LISTEN", json: "listen", flag: "listen")
    static let issuer = Setting(env: "ACCOUNTLINK_ISSUER", json: "issuer", flag: "issuer")
    static let database = Setting(env: "ACCOUNTLINK_DATABASE", json: "database", flag: "database")
    static let config = Setting(env: "ACCOUNTLINK_CONFIG", json: "config", flag: "config")
    static let masterKey = Setting(env: "ACCOUNTLINK_MASTER_KEY", json: "master_key", flag: nil)
    static let appleClientIDs = Setting(env: "ACCOUNTLINK_APPLE_CLIENT_IDS", json: "apple_client_ids", flag: nil)
    static let appleTeamID = Setting(env: "ACCOUNTLINK_APPLE_TEAM_ID", json: "apple_team_id", flag: nil)
    static let appleKeyID = Setting(env: "ACCOUNTLINK_APPLE_KEY_ID", json: "apple_key_id", flag: nil)
    static let appleKeyFile = Setting(
        env: "ACCOUNTLINK_APPLE_PRIVATE_KEY_FILE", json: "apple_private_key_file", flag: nil)
    static let appleServicesID = Setting(env: "ACCOUNTLINK_APPLE_SERVICES_ID", json: "apple_services_id", flag: nil)
    static let appleBaseURL = Setting(env: "ACCOUNTLINK_APPLE_BASE_URL", json: "apple_base_url", flag: nil)
    static let googleClientIDs = Setting(env: "ACCOUNTLINK_GOOGLE_CLIENT_IDS", json: "google_client_ids", flag: nil)
    static let googleHostedDomains = Setting(
        env: "ACCOUNTLINK_GOOGLE_HOSTED_DOMAINS", json: "google_hosted_domains", flag: nil)
    static let googleJWKS = Setting(env: "ACCOUNTLINK_GOOGLE_JWKS_URL", json: "google_jwks_url", flag: nil)
    static let googleWebClientID = Setting(
        env: "ACCOUNTLINK_GOOGLE_WEB_CLIENT_ID", json: "google_web_client_id", flag: nil)
    static let googleWebClientSecret = Setting(
        env: "ACCOUNTLINK_GOOGLE_WEB_CLIENT_SECRET", json: "google_web_client_secret", flag: nil)
    static let googleAuthURL = Setting(env: "ACCOUNTLINK_GOOGLE_AUTHORIZATION_URL", json: "google_authorization_url", flag: nil)
    static let googleTokenURL = Setting(env: "ACCOUNTLINK_GOOGLE_TOKEN_URL", json: "google_token_url", flag: nil)
    static let productName = Setting(env: "ACCOUNTLINK_PRODUCT_NAME", json: "product_name", flag: nil)
    static let logoURL = Setting(env: "ACCOUNTLINK_LOGO_URL", json: "logo_url", flag: nil)
    static let consentStatement = Setting(
        env: "ACCOUNTLINK_CONSENT_STATEMENT", json: "consent_statement", flag: nil)
    static let appleAppIDs = Setting(env: "ACCOUNTLINK_APPLE_APP_IDS", json: "apple_app_ids", flag: nil)
    static let appFlipPath = Setting(env: "ACCOUNTLINK_APP_FLIP_PATH", json: "app_flip_path", flag: nil)
    static let androidPackage = Setting(env: "ACCOUNTLINK_ANDROID_PACKAGE", json: "android_package", flag: nil)
    static let androidCerts = Setting(
        env: "ACCOUNTLINK_ANDROID_CERT_FINGERPRINTS", json: "android_cert_fingerprints", flag: nil)
    static let accessLifetime = Setting(
        env: "ACCOUNTLINK_ACCESS_TOKEN_LIFETIME", json: "access_token_lifetime", flag: nil)
    static let logLevel = Setting(env: "ACCOUNTLINK_LOG_LEVEL", json: "log_level", flag: nil)
    static let googleRiscConfigurationURL = Setting(
        env: "ACCOUNTLINK_GOOGLE_RISC_CONFIGURATION_URL", json: "google_risc_configuration_url", flag: nil)
    static let googleRevokeURL = Setting(env: "ACCOUNTLINK_GOOGLE_REVOKE_URL", json: "google_revoke_url", flag: nil)
    // The admin listener, proxies and where /metrics is served (docs/operations.md).
    static let adminListen = Setting(env: "ACCOUNTLINK_ADMIN_LISTEN", json: "admin_listen", flag: nil)
    static let adminToken = Setting(env: "ACCOUNTLINK_ADMIN_TOKEN", json: "admin_token", flag: nil)
    static let trustedProxies = Setting(env: "ACCOUNTLINK_TRUSTED_PROXIES", json: "trusted_proxies", flag: nil)
    static let metricsListener = Setting(env: "ACCOUNTLINK_METRICS_LISTENER", json: "metrics_listener", flag: nil)
    static let smtpURL = Setting(env: "ACCOUNTLINK_SMTP_URL", json: "smtp_url", flag: nil)
    static let mailFrom = Setting(env: "ACCOUNTLINK_MAIL_FROM", json: "mail_from", flag: nil)
    static let signUp = Setting(env: "ACCOUNTLINK_SIGNUP", json: "signup", flag: nil)
    static let signUpMode = Setting(env: "ACCOUNTLINK_SIGNUP_MODE", json: "signup_mode", flag: nil)
    static let smtpCAFile = Setting(env: "ACCOUNTLINK_SMTP_CA_FILE", json: "smtp_ca_file", flag: nil)
    // docs/pages.md: the pages' look and the maker's policies.
    static let accentColor = Setting(env: "ACCOUNTLINK_ACCENT_COLOR", json: "accent_color", flag: nil)
    static let privacyURL = Setting(env: "ACCOUNTLINK_PRIVACY_URL", json: "privacy_url", flag: nil)
    static let termsURL = Setting(env: "ACCOUNTLINK_TERMS_URL", json: "terms_url", flag: nil)

    /// The flags that every command accepts for configuration.
    public static let flagNames: Set<String> = ["listen", "issuer", "database", "config"]

    let environment: [String: String]
    let flags: [String: String]
    private var file: [String: JSONValue] = [:]
    /// The environment names and file keys the build consulted: anything else is unknown.
    let consulted = ConsultedSettings()

    public init(environment: [String: String], flags: [String: String]) {
        self.environment = environment
        self.flags = flags
    }

    /// Loads and validates; throws `ConfigurationError` naming the setting at fault.
    public func load() throws -> ServerConfiguration {
        var loader = self
        if let path = value(Self.config) { loader.file = try Self.readFile(path, setting: name(Self.config)) }
        let configuration = try loader.build()
        try loader.refuseUnknownSettings()
        return configuration
    }

    func value(_ setting: Setting) -> String? {
        consulted.note(setting)
        if let flag = setting.flag, let v = flags[flag] { return v }
        if let v = environment[setting.env], !v.isEmpty { return v }
        switch file[setting.json] {
        case .array(let list)?: return list.map { Self.scalarText($0) ?? $0.serialized }.joined(separator: ",")
        case let scalar?: return Self.scalarText(scalar)
        case nil: return nil
        }
    }

    /// A file value as the text an environment variable would hold; nil for null, objects and lists.
    static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): b ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    func list(_ setting: Setting) -> [String] {
        (value(setting) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The name to show for a setting: the flag when one was given, else the environment variable.
    func name(_ setting: Setting) -> String {
        if let flag = setting.flag, flags[flag] != nil { return "--\(flag)" }
        if environment[setting.env] != nil { return setting.env }
        if file[setting.json] != nil { return "\(setting.json) (config file)" }
        return setting.env
    }

    /// Reads the file strictly (RFC 8259: no comments, trailing commas or repeated keys, which
    /// JSONSerialization lets through) with the JOSE parser, fuzzed as the `json` target; `setting`
    /// is the name the operator used (`--config` or `ACCOUNTLINK_CONFIG`).
    static func readFile(_ path: String, setting: String) throws -> [String: JSONValue] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(key: setting, "cannot read the config file \(path)")
        }
        do {
            guard let object = try JSONValue(parsingLocated: [UInt8](data)).objectValue else {
                throw ConfigurationError(key: setting, "\(path) is not a JSON object")
            }
            return object
        } catch let error as JSONSyntaxError {
            throw ConfigurationError(key: setting, "\(path): line \(error.line), column \(error.column): \(error.reason)")
        }
    }

    /// The keys the config file holds (for the check of unknown names).
    var fileKeys: [String] { Array(file.keys) }
}
