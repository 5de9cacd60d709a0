enum DemoCommand: Command {
    static let path = ["demo"]
    static let summary = "the whole story end to end on a throwaway database"
    static let help = "Usage: accountlink demo"
    static let spec = ArgumentSpec()
    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode { .success }
}
