import Foundation
import OAuthCore
import StoreSQL

/// What `backup` and `restore` refuse, each naming the file concerned.
public enum SQLiteBackupError: Error, CustomStringConvertible, Equatable {
    case missing(String)
    case destinationExists(String)
    case notAccountLink(String)
    case inUse(String)
    case unwritable(String)

    public var description: String {
        switch self {
        case .missing(let path): "no database at \(path)"
        case .destinationExists(let path): "\(path) already exists; give a new file name"
        case .notAccountLink(let path): "\(path) is not an AccountLink database"
        case .inUse(let path):
            "\(path) is open in a running AccountLink (the server or a command); stop it before restoring"
        case .unwritable(let path): "cannot write \(path)"
        }
    }
}

/// Online backup and offline restore of the SQLite file (docs/operations.md, Backup and restore).
public enum SQLiteBackup {
    /// Writes a consistent copy of the live database at `path` into the new file `destination` (0600)
    /// while a server keeps writing: `VACUUM INTO` reads one snapshot, a WAL read transaction that
    /// never blocks the writer (https://sqlite.org/lang_vacuum.html#vacuuminto).
    public static func backup(database path: String, to destination: String) throws {
        let source = try openChecked(path)
        let created = Foundation.open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard created >= 0 else {
            throw errno == EEXIST ? SQLiteBackupError.destinationExists(destination)
                : SQLiteBackupError.unwritable(destination)
        }
        close(created)
        do {
            _ = try source.query("VACUUM INTO $1", [.text(destination)]) { _ in () }
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }

    /// Replaces the database at `path` with a copy of the backup `file`, after checking that it is an
    /// AccountLink database this binary knows, and only while no process has `path` open.
    public static func restore(_ file: String, into path: String) throws {
        let source = try openChecked(file)
        guard let lock = try SQLiteOpenLock.exclusive(databasePath: path) else {
            throw SQLiteBackupError.inUse(path)
        }
        let staging = path + ".restoring"
        try? FileManager.default.removeItem(atPath: staging)
        _ = try source.query("VACUUM INTO $1", [.text(staging)]) { _ in () }
        // The old WAL must go first: SQLite would replay a WAL left beside a different file.
        for stale in [path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: stale) {
            try FileManager.default.removeItem(atPath: stale)
        }
        guard rename(staging, path) == 0 else { throw SQLiteBackupError.unwritable(path) }
        chmod(path, 0o600)
        withExtendedLifetime(lock) {}
    }

    /// The schema of an AccountLink database at `path`; throws for anything else, or one too new.
    public static func inspect(_ path: String) throws -> SchemaStatus {
        try SQLiteStorage.schemaStatus(of: try openChecked(path))
    }

    /// A connection to an existing file that holds an AccountLink schema no newer than this binary.
    private static func openChecked(_ path: String) throws -> SQLiteConnection {
        guard FileManager.default.fileExists(atPath: path) else { throw SQLiteBackupError.missing(path) }
        let db = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 5_000, create: false)
        let status: SchemaStatus
        do {
            status = try SQLiteStorage.schemaStatus(of: db)
            let tables = try db.query(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('accounts', 'clients', 'tokens')",
                []) { try $0.int(0) }
            guard !status.applied.isEmpty, tables == [3] else { throw SQLiteBackupError.notAccountLink(path) }
        } catch is StoreError {
            // SQLITE_NOTADB and the like: not a database at all.
            throw SQLiteBackupError.notAccountLink(path)
        }
        try status.requireNotNewer()
        return db
    }
}
