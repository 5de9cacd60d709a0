import Foundation
import OAuthCore
import Support

enum MailListCommand: Command {
    static let path = ["mail", "list"]
    static let summary = "the outbox: every mail, its status and attempts"
    static let help = """
        Usage: accountlink mail list [--json]

        Lists every mail AccountLink wrote (verification, password reset, notices), oldest first, with its
        status (pending, sending, sent, failed), attempts and the SMTP server's last answer. Without
        ACCOUNTLINK_SMTP_URL mails stay pending here. No link is ever shown: a waiting mail's text is
        sealed with the master key and dropped once the mail is delivered or given up.
        """
    static let spec = ArgumentSpec(booleans: ["json"])

    struct View: Encodable {
        let id: String
        let kind: String
        let account_id: String?
        let to: String
        let subject: String
        let status: String
        let attempts: Int
        let last_outcome: String?
        let created_at: String
        let sent_at: String?
    }

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let mails = try context.runtime(readOnly: true).storage.listMail()
        let views = mails.map {
            View(id: $0.id, kind: $0.kind, account_id: $0.accountID, to: $0.recipient, subject: $0.subject,
                 status: $0.status.rawValue, attempts: $0.attempts, last_outcome: $0.lastOutcome,
                 created_at: RFC3339.string($0.createdAt), sent_at: $0.sentAt.map(RFC3339.string))
        }
        try context.list(views, json: arguments.flag("json"), empty: "no mail") { v in
            "\(v.id)\t\(v.created_at)\t\(v.status)\t\(v.attempts)\t\(v.kind)\t\(v.to)\t\(v.subject)"
        }
        return .success
    }
}
