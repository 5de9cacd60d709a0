import Operations
import Settings

enum BackupCommand: Command {
    static let path = ["backup"]
    static let summary = "a consistent copy of the SQLite database, while serving"
    static let help = """
        Usage: accountlink backup FILE

        Writes a consistent copy of the configured SQLite database into the new file FILE (mode 0600),
        while the server keeps serving. The master key is NOT in the backup: keep ACCOUNTLINK_MASTER_KEY
        (or master.key beside the database) safe apart from it, or the copy's signing keys and sealed
        Google tokens cannot be opened. With PostgreSQL, use pg_dump instead (exit 64).
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let file = arguments.positionals[0]
        try context.maintenance { try DatabaseMaintenance.backup($0, to: file) }
        context.out("backup written to \(file)")
        context.err(
            "reminder: the master key is not in the backup; keep ACCOUNTLINK_MASTER_KEY (or master.key beside the database) safe, apart from it")
        return .success
    }
}

enum RestoreCommand: Command {
    static let path = ["restore"]
    static let summary = "replace the SQLite database with a backup (server stopped)"
    static let help = """
        Usage: accountlink restore FILE

        Replaces the configured SQLite database with a copy of the backup FILE. The server must be stopped
        (a running one is detected: exit 69). FILE must be an AccountLink database no newer than this binary
        (exit 65 otherwise). The master key of the backed-up database must be in place
        (ACCOUNTLINK_MASTER_KEY, or master.key beside the database). The next `serve` applies any pending
        migrations.
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let file = arguments.positionals[0]
        try context.maintenance { try DatabaseMaintenance.restore($0, from: file) }
        context.out("restored \(file)")
        context.err("reminder: start the server with the master key the backup was made with")
        return .success
    }
}

extension CommandContext {
    /// Runs a maintenance step on the configured database, its failures as named exit codes.
    func maintenance(_ body: (ServerConfiguration) throws -> Void) throws {
        let configuration = try configuration()
        do {
            try body(configuration)
        } catch let failure as DatabaseMaintenance.Failure {
            if case .notForPostgres = failure { throw CommandFailure.usage(failure.description) }
            throw CommandFailure.data(failure.description)
        } catch let error as RuntimeError {
            throw CommandFailure(code: error.isSchemaTooNew ? .dataError : .unavailable, message: error.description)
        }
    }

    /// The database's schema, unchanged (`migrate --check`).
    func databaseSchema() throws -> (current: Int, pending: [Int]) {
        let configuration = try configuration()
        do {
            try Runtime.requireExisting(configuration)
            return try DatabaseMaintenance.schema(configuration, logger: logger)
        } catch let error as RuntimeError {
            throw CommandFailure(code: Self.exitCode(error), message: error.description)
        }
    }
}
