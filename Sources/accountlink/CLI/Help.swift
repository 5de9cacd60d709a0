import Operations

enum Help {
    /// The release this binary is (`accountlink --version`).
    static let version = ProductVersion.current

    /// `accountlink GROUP --help`: the commands under GROUP (client, user, keys, token, mail, simulate, …),
    /// or nil when GROUP is not a group of several-word commands.
    static func group(_ name: String, _ commands: [any Command.Type]) -> String? {
        let members = commands.filter { $0.path.count > 1 && $0.path[0] == name }
        guard !members.isEmpty else { return nil }
        var lines = ["Usage: accountlink \(name) COMMAND [options]", "", "Commands:"]
        for command in members {
            let words = command.path.joined(separator: " ")
            lines.append("  " + words.padding(toLength: 22, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += ["", "Run `accountlink \(name) COMMAND --help` for a command's options."]
        return lines.joined(separator: "\n")
    }

    static func overview(_ commands: [any Command.Type]) -> String {
        var lines = [
            "accountlink: account linking (OAuth 2.0, App Flip) and sign-in server",
            "",
            "Usage: accountlink COMMAND [options]",
            "",
            "Commands:",
        ]
        for command in commands {
            let name = command.path.joined(separator: " ")
            lines.append("  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += [
            "",
            "Every command reads the same configuration as `serve`: ACCOUNTLINK_* environment variables,",
            "--listen, --issuer, --database and --config FILE (flags win).",
            "Run `accountlink COMMAND --help` for a command's options, `accountlink GROUP --help` for a group's",
            "commands, `accountlink --version` for the version.",
            "Exit codes: 0 success, 1 (demo, simulate) not the expected outcome, 64 usage error, 65 bad input data,",
            "69 dependency unavailable, 70 internal error.",
        ]
        return lines.joined(separator: "\n")
    }
}
