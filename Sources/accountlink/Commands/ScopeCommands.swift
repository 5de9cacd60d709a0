import Foundation
import OAuthCore
import Operations

enum ScopeAddCommand: Command {
    static let path = ["scope", "add"]
    static let summary = "add a custom scope (shown on consent, listed in discovery)"
    static let help = """
        Usage: accountlink scope add NAME --description TEXT [--description-de TEXT] [--description-pt-BR TEXT]
                                          [--description-fa TEXT] [--description-ja TEXT]

        Adds a scope the server knows besides openid, email, profile, devices and offline_access, such as
        thermostat.write. Clients may then be given it (client add|update --scope), discovery lists it, and
        the consent page describes it in the person's language (English when there is no text for theirs).
          --description TEXT        the English consent text, e.g. "change your thermostat's temperature"
          --description-LANG TEXT   the text in German (de), Brazilian Portuguese (pt-BR), Persian (fa), Japanese (ja)
        """
    static let spec = ArgumentSpec(
        valued: ["description", "description-de", "description-pt-BR", "description-fa", "description-ja"],
        positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        var descriptions: [String: String] = [:]
        for language in CustomScope.languages {
            let flag = language == "en" ? "description" : "description-" + language
            if let text = arguments.value(flag) { descriptions[language] = text }
        }
        guard descriptions["en"] != nil else { throw CommandFailure.usage("--description is required (English)") }
        let runtime = try context.runtime()
        let scope: CustomScope
        do { scope = try ScopeCatalog.add(name: arguments.positionals[0], descriptions: descriptions, runtime, actor: "cli") }
        catch { throw CommandFailure.data(error.message) }
        context.err("added scope \(scope.name) (\(scope.descriptions.keys.sorted().joined(separator: ", ")))")
        return .success
    }
}

enum ScopeListCommand: Command {
    static let path = ["scope", "list"]
    static let summary = "list the custom scopes"
    static let help = """
        Usage: accountlink scope list [--json]

        Lists the custom scopes with their English consent text (--json: every language).
        """
    static let spec = ArgumentSpec(booleans: ["json"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let scopes = try context.runtime().storage.listScopes()
        try context.list(
            scopes, json: arguments.flag("json"), view: ScopeView.init,
            empty: "no custom scopes (add one with accountlink scope add NAME --description TEXT)"
        ) { scope in "\(scope.name)\t\(scope.description(locale: "en"))" }
        return .success
    }
}

enum ScopeRemoveCommand: Command {
    static let path = ["scope", "remove"]
    static let summary = "remove a custom scope no client lists"
    static let help = """
        Usage: accountlink scope remove NAME

        Removes a custom scope. Refused while a client lists it: change that client's scopes first.
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let name = arguments.positionals[0]
        do { try ScopeCatalog.remove(name: name, try context.runtime(), actor: "cli") } catch let failure as ScopeCatalog.Failure {
            throw CommandFailure.data(failure.message)
        }
        context.err("removed scope \(name)")
        return .success
    }
}
