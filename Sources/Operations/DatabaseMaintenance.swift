import Foundation
import OAuthCore
import Settings
import StorePostgres
import StoreSQL
import StoreSQLite
import Support

/// What `migrate --check`, `backup` and `restore` need of the configured database
/// (docs/operations.md, Backup and restore; Upgrades), without opening a `Runtime`.
public enum DatabaseMaintenance {
    public enum Failure: Error, CustomStringConvertible {
        /// The command does not apply to this kind of database (PostgreSQL has its own tools).
        case notForPostgres(String)
        /// The file given is not a database this binary can take.
        case badInput(String)

        public var description: String {
            switch self {
            case .notForPostgres(let message), .badInput(let message): message
            }
        }
    }

    /// Where the database's schema stands (nothing is migrated). Throws `RuntimeError` as `Runtime.open` does.
    public static func schema(_ configuration: ServerConfiguration, logger: Logger) throws -> (current: Int, pending: [Int]) {
        let storage = try StorageFactory.open(configuration.database, poolSize: 1, logger: logger, migrating: false)
        let status: SchemaStatus
        do {
            switch storage {
            case let sqlite as SQLiteStorage: status = try sqlite.schemaStatus()
            case let postgres as PostgresStorage: status = try postgres.schemaStatus()
            default: throw RuntimeError("no schema to check for this store")
            }
            try status.requireNotNewer()
        } catch let error as SchemaTooNew {
            throw RuntimeError("refusing to use the database: \(error)", isSchemaTooNew: true)
        } catch let error as StoreError {
            throw RuntimeError("cannot read the database's schema: \(error)")
        }
        return (status.applied.last ?? 0, status.pending)
    }

    /// A consistent copy of the live SQLite database into the new file `destination`.
    public static func backup(_ configuration: ServerConfiguration, to destination: String) throws {
        let path = try sqlitePath(configuration, command: "backup", tool: "pg_dump")
        try mapped { try SQLiteBackup.backup(database: path, to: destination) }
    }

    /// Replaces the configured SQLite database with the backup `file` (the server must be stopped).
    public static func restore(_ configuration: ServerConfiguration, from file: String) throws {
        let path = try sqlitePath(configuration, command: "restore", tool: "pg_restore or psql")
        try mapped { try SQLiteBackup.restore(file, into: path) }
    }

    private static func sqlitePath(_ configuration: ServerConfiguration, command: String, tool: String) throws -> String {
        switch configuration.database {
        case .sqlite(let path): return path
        case .postgres:
            throw Failure.notForPostgres(
                "\(command) copies SQLite databases only; for PostgreSQL use \(tool) (docs/operations.md, Backup and restore)")
        }
    }

    /// The store's refusals become bad input, a database too new included; unreachable files stay errors.
    private static func mapped(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SQLiteBackupError {
            switch error {
            case .unwritable, .inUse: throw RuntimeError(error.description)
            default: break
            }
            throw Failure.badInput(error.description)
        } catch let error as SchemaTooNew {
            throw Failure.badInput(error.description)
        } catch let error as StoreError {
            throw RuntimeError("backup or restore failed: \(error)")
        }
    }
}
