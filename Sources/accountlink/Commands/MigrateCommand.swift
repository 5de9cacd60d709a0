import AccountLinkServer

enum MigrateCommand: Command {
    static let path = ["migrate"]
    static let summary = "create or upgrade the database schema"
    static let help = """
        Usage: accountlink migrate [--database URL]

        Applies every numbered migration not yet recorded in the database. `serve` does this on start too.
        """
    static let spec = ArgumentSpec()

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        _ = try context.runtime()
        context.err("database is up to date")
        return .success
    }
}
