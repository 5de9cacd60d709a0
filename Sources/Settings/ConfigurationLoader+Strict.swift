import Synchronization

/// The names every lookup consulted. Whatever setting a component reads through
/// `ConfigurationLoader.value` is known by construction, so a new setting needs no second list.
final class ConsultedSettings: Sendable {
    private let names = Mutex<(env: Set<String>, json: Set<String>)>(([], []))

    func note(_ setting: ConfigurationLoader.Setting) {
        names.withLock {
            $0.env.insert(setting.env)
            $0.json.insert(setting.json)
        }
    }

    var environmentNames: Set<String> { names.withLock { $0.env } }
    var fileKeys: Set<String> { names.withLock { $0.json } }
}

extension ConfigurationLoader {
    /// Names the build and test tooling use that are not settings of the server.
    static let toolingNames: Set<String> = ["ACCOUNTLINK_BINARY"]

    /// The settings README.md names, known even where a component reads one only when another is
    /// set (e.g. the mail sender's settings without SMTP): a contract name is never "unknown".
    static let contractNames: Set<String> = [
        "ACCOUNTLINK_SMTP_URL", "ACCOUNTLINK_MAIL_FROM", "ACCOUNTLINK_SIGNUP", "ACCOUNTLINK_ADMIN_LISTEN",
        "ACCOUNTLINK_ADMIN_TOKEN", "ACCOUNTLINK_TRUSTED_PROXIES", "ACCOUNTLINK_PRIVACY_URL", "ACCOUNTLINK_TERMS_URL",
        "ACCOUNTLINK_GOOGLE_RISC_CONFIGURATION_URL", "ACCOUNTLINK_GOOGLE_REVOKE_URL",
    ]

    /// README.md, Configuration: a setting the product does not know, an `ACCOUNTLINK_*` variable or a
    /// key of the config file, is refused with its name (a typo must not silently keep a default).
    func refuseUnknownSettings() throws {
        let knownEnvironment = consulted.environmentNames
        let unknown = environment.keys.filter {
            $0.hasPrefix("ACCOUNTLINK_") && !knownEnvironment.contains($0) && !Self.toolingNames.contains($0)
                && !Self.contractNames.contains($0) && !$0.hasPrefix("ACCOUNTLINK_TEST_")
        }
        if let name = unknown.sorted().first {
            throw ConfigurationError(key: name, "is not a setting of this version of AccountLink (see docs/operations.md)")
        }
        let knownKeys = consulted.fileKeys
        if let key = fileKeys.filter({ !knownKeys.contains($0) }).sorted().first {
            throw ConfigurationError(key: "\(key) (config file)", "is not a setting of this version of AccountLink")
        }
    }
}
