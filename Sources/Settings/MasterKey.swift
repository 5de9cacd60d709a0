import Foundation
import Support

/// The master key encrypts our private signing keys and third-party refresh tokens at rest.
/// With SQLite and no ACCOUNTLINK_MASTER_KEY, one is generated on first start into a 0600 file
/// beside the database (README.md, Configuration), with a warning; PostgreSQL deployments must supply it.
public enum MasterKey {
    public static func resolve(_ configuration: ServerConfiguration, random: any RandomSource,
                               logger: Logger) throws -> [UInt8] {
        if let key = configuration.masterKey { return key }
        guard case .sqlite(let databasePath) = configuration.database else {
            throw ConfigurationError(
                key: "ACCOUNTLINK_MASTER_KEY", "is required with PostgreSQL (base64 of 32 random bytes)")
        }
        let url = generatedFile(besides: databasePath)
        if let data = FileManager.default.contents(atPath: url.path) {
            guard let key = Data(base64Encoded: String(decoding: data, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)), key.count == 32
            else { throw ConfigurationError(key: "ACCOUNTLINK_MASTER_KEY", "\(url.path) does not hold a valid key") }
            return [UInt8](key)
        }
        let key = random.bytes(32)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let text = Data((Data(key).base64EncodedString() + "\n").utf8)
        guard FileManager.default.createFile(atPath: url.path, contents: text, attributes: [.posixPermissions: 0o600])
        else { throw ConfigurationError(key: "ACCOUNTLINK_MASTER_KEY", "cannot write \(url.path)") }
        logger.warning(
            "generated a new master key; back it up, without it stored keys and tokens cannot be decrypted",
            ["file": url.path])
        return key
    }

    /// Where a generated key is kept: `master.key` in the SQLite database's folder.
    public static func generatedFile(besides databasePath: String) -> URL {
        URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("master.key")
    }
}
