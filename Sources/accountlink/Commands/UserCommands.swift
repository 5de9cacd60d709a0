import Foundation
import Identity
import OAuthCore
import Operations

enum UserAddCommand: Command {
    static let path = ["user", "add"]
    static let summary = "create a password account (password read from stdin)"
    static let help = """
        Usage: accountlink user add --email EMAIL [--name NAME] --password-stdin

        Creates an account that signs in with email and password. The password is read from standard
        input (never from the command line) and stored only as an Argon2id hash.
        """
    static let spec = ArgumentSpec(valued: ["email", "name"], booleans: ["password-stdin"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let email = try arguments.required("email")
        guard arguments.flag("password-stdin") else {
            throw CommandFailure.usage("--password-stdin is required: pipe the password on standard input")
        }
        let password = context.readStandardInput().trimmingCharacters(in: .newlines)
        let runtime = try context.runtime()
        do {
            // The one owner of what a new password account is (AccountDirectory): the same rules as sign-up.
            let account = try runtime.accounts.createPasswordAccount(
                email: email, name: arguments.value("name"), password: password, actor: "cli")
            context.err("created account \(account.id) for \(account.email ?? email)")
            context.out(account.id)
        } catch AccountDirectory.Failure.emailTaken {
            throw CommandFailure.data("an account with email \(email) already exists")
        } catch AccountDirectory.Failure.invalidEmail {
            throw CommandFailure.data("\(email) is not an email address")
        } catch AccountDirectory.Failure.password(let violation) {
            throw CommandFailure.data(passwordProblem(violation))
        }
        return .success
    }
}

enum UserListCommand: Command {
    static let path = ["user", "list"]
    static let summary = "list accounts"
    static let help = """
        Usage: accountlink user list [--json]

        Lists accounts with their sign-in methods. Password hashes are never shown.
        """
    static let spec = ArgumentSpec(booleans: ["json"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let storage = try context.runtime(readOnly: true).storage
        let views = try storage.listAccounts().map { try UserView($0, storage: storage) }
        try context.list(views, json: arguments.flag("json"), empty: "no accounts") { view in
            "\(view.id)\t\(view.email ?? "-")\t\(view.name ?? "-")\t\(view.status)\t\(view.sign_in_methods.joined(separator: ","))"
        }
        return .success
    }
}

enum UserDeleteCommand: Command {
    static let path = ["user", "delete"]
    static let summary = "delete an account and revoke everything it was given"
    static let help = """
        Usage: accountlink user delete ID_OR_EMAIL

        Deletes the account (App Store rule 5.1.1(v)): revokes its Apple tokens at Apple, revokes every
        grant (so Google's tokens stop working), erases personal data, keeps an audit record without it.
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let key = arguments.positionals[0]
        let runtime = try context.runtime()
        let storage = runtime.storage
        guard let account = try storage.account(id: key) ?? storage.account(email: key), account.status != .deleted
        else { throw CommandFailure.data("no account \(key)") }
        let report = try await runtime.deletion.delete(accountID: account.id)
        context.err("deleted account \(account.id): \(report.summary)")
        return .success
    }
}
