import Events
import Foundation
import OAuthCore
import Operations
import Support

enum WebhookAddCommand: Command {
    static let path = ["webhook", "add"]
    static let summary = "subscribe a URL to account events (prints its signing secret once)"
    static let help = """
        Usage: accountlink webhook add URL --event TYPE... [--description TEXT]

        Adds a webhook endpoint: every event of the given types is POSTed to URL, signed with the Standard
        Webhooks headers (docs/webhooks.md). TYPE is one of account.created, account.email_verified,
        account.email_changed, account.disabled, account.enabled, account.deleted, identity.added,
        identity.removed, passkey.added, passkey.removed, grant.revoked, sessions.revoked, or * for all.
        The secret (whsec_…) is printed once on stdout; it is stored sealed with the master key.
        """
    static let spec = ArgumentSpec(valued: ["description"], repeatable: ["event"], positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let registration = WebhookRegistration(url: arguments.positionals[0], events: arguments.values("event"),
                                               description: arguments.value("description") ?? "")
        let runtime = try context.runtime()
        do {
            let (endpoint, secret) = try registration.register(runtime, actor: "cli")
            context.err("added webhook \(endpoint.id) for \(endpoint.events.joined(separator: ","))")
            context.err("signing secret (shown once, store it now):")
            context.out(secret)
        } catch let failure as WebhookRegistration.Failure {
            throw CommandFailure.data(failure.message)
        }
        return .success
    }
}

enum WebhookListCommand: Command {
    static let path = ["webhook", "list"]
    static let summary = "list webhook endpoints and their delivery counts"
    static let help = """
        Usage: accountlink webhook list [--json]

        Lists the webhook endpoints, oldest first, with their event types. Secrets are never shown.
        """
    static let spec = ArgumentSpec(booleans: ["json"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let endpoints = try context.runtime().storage.listWebhookEndpoints()
        try context.list(
            endpoints, json: arguments.flag("json"), view: { WebhookView($0, secret: nil) }, empty: "no webhooks"
        ) { endpoint in "\(endpoint.id)\t\(endpoint.url)\t\(endpoint.events.joined(separator: ","))" }
        return .success
    }
}

enum WebhookRemoveCommand: Command {
    static let path = ["webhook", "remove"]
    static let summary = "remove a webhook endpoint and its deliveries"
    static let help = """
        Usage: accountlink webhook remove ID

        Removes the endpoint; deliveries still waiting for it are dropped.
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let id = arguments.positionals[0]
        let found = try WebhookRegistration.remove(id: id, try context.runtime(), actor: "cli")
        return try context.removed("webhook", id, found: found)
    }
}
