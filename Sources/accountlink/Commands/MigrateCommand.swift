
enum MigrateCommand: Command {
    static let path = ["migrate"]
    static let summary = "create or upgrade the database schema (--check: only report)"
    static let help = """
        Usage: accountlink migrate [--check] [--database URL]

        Applies every numbered migration not yet recorded in the database. `serve` does this on start too.
        --check changes nothing: exit 0 when the schema is current, 1 when migrations are pending (each
        printed on stdout). A database upgraded by a newer AccountLink is refused (exit 65).
        """
    static let spec = ArgumentSpec(booleans: ["check"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        guard arguments.flag("check") else {
            _ = try context.runtime()
            context.err("database is up to date")
            return .success
        }
        let schema = try context.databaseSchema()
        guard !schema.pending.isEmpty else {
            context.out("schema is current (migration \(schema.current))")
            return .success
        }
        context.out("schema at migration \(schema.current); pending:")
        for version in schema.pending { context.out("migration \(version)") }
        return .unexpectedOutcome
    }
}
