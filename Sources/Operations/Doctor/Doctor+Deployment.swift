import Foundation
import Settings

/// What a deployment on a host gets wrong (docs/deploy.md): proxy headers, the master key file's mode,
/// a database the service cannot write.
extension Doctor {
    func deploymentFindings() -> [Finding] {
        let configuration = runtime.configuration
        return [Self.trustedProxies(configuration), Self.masterKeyFile(configuration),
                Self.databaseWritable(configuration)]
    }

    /// Entries that would believe `X-Forwarded-For` from anyone, not from one proxy.
    static let everywhere: Set<String> = ["*", "0.0.0.0", "::", "0.0.0.0/0", "::/0", "all", "any"]

    /// An https issuer means a TLS proxy in front: its `X-Forwarded-For` must be believed, from it alone
    /// (README, ACCOUNTLINK_TRUSTED_PROXIES; docs/deploy.md).
    static func trustedProxies(_ configuration: ServerConfiguration) -> Finding {
        let proxies = configuration.trustedProxies
        if let wild = proxies.first(where: { everywhere.contains($0) || $0.hasSuffix("/0") }) {
            return fail("trusted_proxies", "ACCOUNTLINK_TRUSTED_PROXIES trusts \(wild): forwarded addresses from anywhere",
                        "list only your proxies' exact addresses (127.0.0.1 for nginx on the same host)")
        }
        guard configuration.issuer.scheme == "https", proxies.isEmpty else {
            return pass("trusted_proxies", proxies.isEmpty ? "no proxy in front (http issuer)"
                : "X-Forwarded-For believed from \(proxies.joined(separator: ", ")) only")
        }
        return fail("trusted_proxies",
                    "the https issuer is served through a proxy whose X-Forwarded-For is not trusted: every request seems to come from the proxy (logs, audit, login throttle)",
                    "set ACCOUNTLINK_TRUSTED_PROXIES to the proxy's address (127.0.0.1 for nginx on the same host)")
    }

    /// The generated master.key (SQLite without ACCOUNTLINK_MASTER_KEY) must be readable by its owner only.
    static func masterKeyFile(_ configuration: ServerConfiguration) -> Finding {
        guard configuration.masterKey == nil, case .sqlite(let path) = configuration.database else {
            return pass("master_key_file", "no master key file (ACCOUNTLINK_MASTER_KEY)")
        }
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("master.key").path
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: file))?[.posixPermissions] as? Int else {
            return pass("master_key_file", "no master key file yet at \(file)")
        }
        guard mode & 0o077 != 0 else { return pass("master_key_file", "\(file) is readable by its owner only") }
        return fail("master_key_file", "\(file) is readable by others (mode \(String(mode, radix: 8)))",
                    "chmod 600 \(file); anyone who read it can open the signing keys and sealed tokens")
    }

    /// SQLite writes the database, its -wal and -shm files and DATABASE.lock in its folder.
    public static func databaseWritable(_ configuration: ServerConfiguration,
                                        units: [String] = Doctor.serviceUnits) -> Finding {
        guard case .sqlite(let path) = configuration.database else {
            return pass("database_writable", "PostgreSQL: writes go to the database server")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let targets = [folder] + [path, path + "-wal", path + "-shm"].filter { FileManager.default.fileExists(atPath: $0) }
        if let unwritable = targets.first(where: { access($0, W_OK) != 0 }) {
            return fail("database_writable", "\(unwritable) is not writable by this user: the server cannot write the database",
                        "run the server (and this check) as the user owning \(folder), e.g. the package's accountlink user")
        }
        for unit in units {
            guard let text = try? String(contentsOfFile: unit, encoding: .utf8),
                  let allowed = writablePaths(unitText: text), !allowed.contains(where: { inside(folder, $0) })
            else { continue }
            return fail("database_writable",
                        "\(unit) lets the service write only \(allowed.joined(separator: " ")), not \(folder)",
                        "keep the database under /var/lib/accountlink, or add its folder to ReadWritePaths in a drop-in")
        }
        return pass("database_writable", "\(folder) is writable")
    }

    /// Where the packaged unit lives (docs/deploy.md).
    public static let serviceUnits = ["/etc/systemd/system/accountlink.service", "/lib/systemd/system/accountlink.service"]

    /// With `ProtectSystem=strict`, only `ReadWritePaths` and `/var/lib/` + `StateDirectory` are
    /// writable (systemd.exec(5)); nil when the unit does not make the file system read-only.
    static func writablePaths(unitText: String) -> [String]? {
        var strict = false
        var paths: [String] = []
        for line in unitText.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "ProtectSystem": strict = parts[1] == "strict"
            case "ReadWritePaths": paths += parts[1].split(separator: " ").map { String($0).trimmingCharacters(in: ["-", "+"]) }
            case "StateDirectory": paths += parts[1].split(separator: " ").map { "/var/lib/" + $0 }
            default: continue
            }
        }
        return strict ? paths : nil
    }

    static func inside(_ folder: String, _ root: String) -> Bool {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return folder == base || folder.hasPrefix(base + "/")
    }
}
