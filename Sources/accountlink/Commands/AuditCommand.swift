import Foundation
import OAuthCore
import Operations
import Support

enum AuditCommand: Command {
    static let path = ["audit"]
    static let summary = "the audit log, newest first (who did what, from which IP and user agent)"
    static let help = """
        Usage: accountlink audit [--account ID] [--limit N] [--json]

        Prints the audit log newest first, as GET /admin/audit answers it: time, kind, account, client,
        the client's IP and user agent (for entries made while answering a request; "-" for the CLI and
        background work) and the detail. Only reads: a database that does not exist is refused (exit 66).
          --account ID  only this account's entries
          --limit N     at most N entries (1–1000, default 100)
          --json        a JSON array of {id, time, kind, account_id, client_id, ip, user_agent, detail}
        """
    static let spec = ArgumentSpec(valued: ["account", "limit"], booleans: ["json"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let limit = try Self.limit(arguments.value("limit"))
        let events = try context.runtime(readOnly: true).storage.auditEvents(
            accountID: arguments.value("account"), after: nil, limit: limit)
        let views = events.map(AuditEntryView.init)
        try context.list(views, json: arguments.flag("json"), empty: "no audit entries") { v in
            [v.time, v.kind, v.account_id ?? "-", v.client_id ?? "-", v.ip ?? "-", v.user_agent ?? "-", v.detail]
                .joined(separator: "\t")
        }
        return .success
    }

    static func limit(_ text: String?) throws -> Int {
        guard let text else { return 100 }
        guard let value = Int(text), (1...1000).contains(value) else {
            throw CommandFailure.usage("--limit must be a whole number from 1 to 1000")
        }
        return value
    }
}
