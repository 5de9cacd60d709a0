/// Exit codes of README.md, CLI (the sysexits.h values).
enum ExitCode: Int32 {
    case success = 0
    /// `demo` and `simulate`: the run finished, but not with the outcome expected.
    case unexpectedOutcome = 1
    case usage = 64
    case dataError = 65
    /// A read-only command found no database (or master key) to read: EX_NOINPUT.
    case noInput = 66
    case unavailable = 69
    case software = 70
}

/// An error that ends a command with a readable message and a named exit code.
struct CommandFailure: Error {
    let code: ExitCode
    let message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(code: .usage, message: message) }
    static func data(_ message: String) -> CommandFailure { CommandFailure(code: .dataError, message: message) }
    static func unavailable(_ message: String) -> CommandFailure { CommandFailure(code: .unavailable, message: message) }
    static func software(_ message: String) -> CommandFailure { CommandFailure(code: .software, message: message) }
}
