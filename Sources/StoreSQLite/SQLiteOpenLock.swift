import Foundation

/// An advisory `flock(2)` on `DATABASE.lock` beside the SQLite file. Every `SQLiteStorage` (the server,
/// each CLI command) holds it shared for as long as it is open; `SQLiteBackup.restore` takes it
/// exclusively, so a restore never swaps the file under a running server (docs/operations.md, Backup
/// and restore). SQLite's own locks cannot say this: in WAL mode an exclusive transaction still lets
/// other connections read, and a process that has the file open but is idle holds no SQLite lock.
final class SQLiteOpenLock: @unchecked Sendable {
    // @unchecked: the descriptor is set once and only closed in deinit.
    private let descriptor: Int32

    /// Shared: waits for nothing but a restore in progress. Nil when the folder cannot hold the lock
    /// file (a read-only copy): such a database cannot be restored over anyway.
    static func shared(databasePath: String) -> SQLiteOpenLock? {
        guard let descriptor = open(databasePath) else { return nil }
        guard flock(descriptor, LOCK_SH) == 0 else { close(descriptor); return nil }
        return SQLiteOpenLock(descriptor)
    }

    /// Exclusive, without waiting: nil while any process has the database open through `SQLiteStorage`.
    static func exclusive(databasePath: String) throws -> SQLiteOpenLock? {
        guard let descriptor = open(databasePath) else {
            throw SQLiteBackupError.unwritable(lockPath(databasePath))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { close(descriptor); return nil }
        return SQLiteOpenLock(descriptor)
    }

    static func lockPath(_ databasePath: String) -> String { databasePath + ".lock" }

    private static func open(_ databasePath: String) -> Int32? {
        let descriptor = Foundation.open(lockPath(databasePath), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        return descriptor >= 0 ? descriptor : nil
    }

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }
}
