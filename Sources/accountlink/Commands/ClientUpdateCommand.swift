import Foundation
import OAuthCore

enum ClientUpdateCommand: Command {
    static let path = ["client", "update"]
    static let summary = "change a client's name, redirect URIs, scopes, web origins or back-channel logout URI (tokens stay valid)"
    static let help = """
        Usage: accountlink client update ID [--name NAME] [--redirect-uri URI]... [--scope SCOPE]...
                                            [--web-origin ORIGIN]... [--backchannel-logout-uri URL]

        Changes a registered client in place: its secret, grants and tokens stay valid. A repeated option
        replaces that whole list (give every redirect URI the client keeps); an option not given leaves it.
        Each value is checked as by client add (a scope must be known: see accountlink scope add).
        --backchannel-logout-uri "" removes the client's back-channel logout URI.
        """
    static let spec = ArgumentSpec(valued: ["name", "backchannel-logout-uri"], repeatable: ["redirect-uri", "scope", "web-origin"],
                                   positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let id = arguments.positionals[0]
        var update = ClientUpdate()
        update.name = arguments.value("name")
        update.redirectURIs = list(arguments, "redirect-uri")
        update.scopes = list(arguments, "scope")
        update.webOrigins = list(arguments, "web-origin")
        update.backchannelLogoutURI = arguments.value("backchannel-logout-uri")
        guard update.name != nil || update.redirectURIs != nil || update.scopes != nil || update.webOrigins != nil
            || update.backchannelLogoutURI != nil
        else {
            throw CommandFailure.usage(
                "nothing to change: give --name, --redirect-uri, --scope, --web-origin or --backchannel-logout-uri")
        }
        let runtime = try context.runtime()
        let client: Client
        do { client = try update.apply(to: id, runtime, actor: "cli") } catch {
            if case .usage(let text) = error { throw CommandFailure.usage(text) }
            throw CommandFailure.data(error.message)
        }
        context.err("updated client \(client.id): \(client.redirectURIs.count) redirect URI(s), scopes \(client.scopes.joined(separator: " "))")
        return .success
    }

    /// nil when the option is absent: that list stays.
    static func list(_ arguments: Arguments, _ name: String) -> [String]? {
        let values = arguments.values(name)
        return values.isEmpty ? nil : values
    }
}
