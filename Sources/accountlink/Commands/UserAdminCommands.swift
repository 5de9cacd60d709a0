import Foundation
import Identity
import OAuthCore

/// The account named by id or email, not deleted.
func findAccount(_ key: String, _ storage: any AccountStore) throws -> Account {
    guard let account = try storage.account(id: key) ?? storage.account(email: key), account.status != .deleted
    else { throw CommandFailure.data("no account \(key)") }
    return account
}

/// The readable sentence for a refused password (NIST SP 800-63B rules, Sources/Identity/Passwords).
func passwordProblem(_ violation: PasswordPolicy.Violation) -> String { violation.sentence }

enum UserSetPasswordCommand: Command {
    static let path = ["user", "set-password"]
    static let summary = "set an account's password (read from stdin)"
    static let help = """
        Usage: accountlink user set-password ID_OR_EMAIL --password-stdin

        Sets a new password (read from standard input, never from the command line; stored only as an
        Argon2id hash), ends the account's web sessions and app sign-ins, and mails the owner a notice.
        """
    static let spec = ArgumentSpec(booleans: ["password-stdin"], positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        guard arguments.flag("password-stdin") else {
            throw CommandFailure.usage("--password-stdin is required: pipe the password on standard input")
        }
        let password = context.readStandardInput().trimmingCharacters(in: .newlines)
        let runtime = try context.runtime()
        let account = try findAccount(arguments.positionals[0], runtime.storage)
        do {
            try PasswordChangeFlow(context: runtime.accountFlows).setByOperator(accountID: account.id, newPassword: password)
        } catch PasswordChangeFlow.Failure.password(let violation) {
            throw CommandFailure.data(passwordProblem(violation))
        }
        context.err("password set for account \(account.id); its sign-ins were ended")
        return .success
    }
}

enum UserDisableCommand: Command {
    static let path = ["user", "disable"]
    static let summary = "stop an account from signing in"
    static let help = """
        Usage: accountlink user disable ID_OR_EMAIL

        The account can no longer sign in and its web sessions end; its links stay (enable restores them).
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        try setStatus(disabled: true, arguments, context)
    }
}

enum UserEnableCommand: Command {
    static let path = ["user", "enable"]
    static let summary = "let a disabled account sign in again"
    static let help = """
        Usage: accountlink user enable ID_OR_EMAIL
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        try setStatus(disabled: false, arguments, context)
    }
}

func setStatus(disabled: Bool, _ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
    let runtime = try context.runtime()
    let account = try findAccount(arguments.positionals[0], runtime.storage)
    guard try AccountStatusFlow(context: runtime.accountFlows).setDisabled(disabled, accountID: account.id, actor: "cli") else {
        throw CommandFailure.data("no account \(arguments.positionals[0])")
    }
    context.err("account \(account.id) \(disabled ? "disabled" : "enabled")")
    return .success
}
