enum Help {
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
            "Run `accountlink COMMAND --help` for a command's options.",
            "Exit codes: 0 success, 1 (demo, simulate) not the expected outcome, 64 usage error, 65 bad input data,",
            "69 dependency unavailable, 70 internal error.",
        ]
        return lines.joined(separator: "\n")
    }
}
