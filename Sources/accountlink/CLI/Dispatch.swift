import Foundation

extension CommandLine {
    static let commands: [any Command.Type] = [
        ServeCommand.self, MigrateCommand.self, BackupCommand.self, RestoreCommand.self,
        ClientAddCommand.self, ClientListCommand.self, ClientRemoveCommand.self, ClientUpdateCommand.self,
        ScopeAddCommand.self, ScopeListCommand.self, ScopeRemoveCommand.self,
        UserAddCommand.self, UserListCommand.self, UserDeleteCommand.self,
        KeysListCommand.self, KeysRotateCommand.self, TokenVerifyCommand.self,
        DemoCommand.self, SimulateAppFlipCommand.self, DoctorCommand.self,
        AppleTransferExportCommand.self, AppleTransferImportCommand.self,
        UserSetPasswordCommand.self, UserDisableCommand.self, UserEnableCommand.self, MailListCommand.self,
    ]

    static func runAccountLink(_ words: [String]) async -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        let bare = CommandContext(environment: environment, configurationFlags: [:])
        if words.isEmpty || words == ["--help"] || words == ["-h"] || words == ["help"] {
            bare.out(Help.overview(commands))
            return words.isEmpty ? .usage : .success
        }
        if words == ["--version"] || words == ["version"] {
            bare.out("accountlink \(Help.version)")
            return .success
        }
        if let group = words.first, let listing = Help.group(group, commands), words.count == 1 || isHelp(words[1]) {
            // `accountlink GROUP --help` lists the group's commands (README.md, CLI).
            if words.count == 1 { bare.err(listing); return .usage }
            bare.out(listing)
            return .success
        }
        guard let (command, rest) = find(words) else {
            bare.err("accountlink: unknown command \"\(words.prefix(2).joined(separator: " "))\"; see accountlink --help")
            return .usage
        }
        do {
            let arguments = try Arguments(rest, spec: command.spec)
            if arguments.wantsHelp {
                bare.out(command.help)
                return .success
            }
            let context = CommandContext(environment: environment, configurationFlags: arguments.configurationFlags)
            return try await command.run(arguments, context)
        } catch let failure as CommandFailure {
            bare.err("accountlink \(command.path.joined(separator: " ")): \(failure.message)")
            if failure.code == .usage { bare.err("see accountlink \(command.path.joined(separator: " ")) --help") }
            return failure.code
        } catch {
            bare.err("accountlink \(command.path.joined(separator: " ")): internal error: \(error)")
            return .software
        }
    }

    static func isHelp(_ word: String) -> Bool { word == "--help" || word == "-h" || word == "help" }

    /// The longest command path that prefixes the words.
    static func find(_ words: [String]) -> (any Command.Type, [String])? {
        let sorted = commands.sorted { $0.path.count > $1.path.count }
        for command in sorted where words.starts(with: command.path) {
            return (command, Array(words.dropFirst(command.path.count)))
        }
        return nil
    }
}
