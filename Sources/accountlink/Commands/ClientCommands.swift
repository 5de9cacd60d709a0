import AccountLinkServer
import AppFlipKit
import Foundation
import OAuthCore

enum ClientAddCommand: Command {
    static let path = ["client", "add"]
    static let summary = "register an OAuth client (prints its secret once)"
    static let help = """
        Usage: accountlink client add --id ID --name NAME [--google-project PROJECT_ID] [--app-flip]
                                      [--redirect-uri URI]... [--scope SCOPE]... [--public] [--first-party]
                                      [--rotate-refresh-tokens] [--secret-stdin]

        Registers a client. A confidential client's secret is generated (256 bits) and printed once on
        stdout, unless --secret-stdin reads it from standard input; only its hash is stored.
          --google-project P  adds Google's web redirect URIs https://oauth-redirect.googleusercontent.com/r/P
                              and https://oauth-redirect-sandbox.googleusercontent.com/r/P
          --app-flip          adds Google's twelve App Flip redirect URIs (/a/com.google.Chromecast, …)
          --redirect-uri URI  an exact redirect URI (repeatable)
          --scope SCOPE       a scope the client may be granted (repeatable; default: any)
          --public            no secret; PKCE required (native apps)
          --first-party       the maker's own app: password and token-exchange grants, App Flip endpoint,
                              consent implied
          --rotate-refresh-tokens  rotate refresh tokens on use (not for Google: it wants stable ones)
        """
    static let spec = ArgumentSpec(
        valued: ["id", "name", "google-project"], repeatable: ["redirect-uri", "scope"],
        booleans: ["app-flip", "public", "first-party", "secret-stdin", "rotate-refresh-tokens"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let id = try arguments.required("id")
        let name = try arguments.required("name")
        try ClientValidation.checkID(id)
        var redirects = arguments.values("redirect-uri")
        if let project = arguments.value("google-project") {
            try ClientValidation.checkID(project, what: "--google-project")
            redirects += GoogleRedirectURIs.web(project: project)
        }
        if arguments.flag("app-flip") { redirects += GoogleRedirectURIs.appFlip }
        for uri in redirects { try ClientValidation.checkRedirectURI(uri) }
        let isPublic = arguments.flag("public")
        if isPublic && arguments.flag("secret-stdin") { throw CommandFailure.usage("--public clients have no secret") }
        let runtime = try context.runtime()
        var secret: String?
        if !isPublic {
            secret = arguments.flag("secret-stdin")
                ? context.readStandardInput().trimmingCharacters(in: .newlines) : ClientSecret.generate(runtime.random)
            guard let s = secret, ClientSecret.isAcceptable(s) else {
                throw CommandFailure.data("the secret must be at least 32 characters")
            }
        }
        let client = Client(
            id: id, name: name, secretHash: secret.map(ClientSecret.hash), redirectURIs: ClientValidation.unique(redirects),
            scopes: arguments.values("scope"), isPublic: isPublic, firstParty: arguments.flag("first-party"),
            appFlip: arguments.flag("app-flip"), rotateRefreshTokens: arguments.flag("rotate-refresh-tokens"),
            createdAt: runtime.clock.now())
        do {
            try runtime.storage.insertClient(client)
        } catch StoreError.conflict {
            throw CommandFailure.data("a client with id \(id) already exists")
        }
        runtime.audit("client.added", clientID: id)
        context.err("registered client \(id) with \(client.redirectURIs.count) redirect URI(s)")
        if let secret, !arguments.flag("secret-stdin") {
            context.err("client secret (shown once, store it now):")
            context.out(secret)
        }
        return .success
    }
}

enum ClientListCommand: Command {
    static let path = ["client", "list"]
    static let summary = "list registered clients"
    static let help = """
        Usage: accountlink client list [--json]

        Lists the registered clients. Secrets are never shown (only their hashes are stored).
        """
    static let spec = ArgumentSpec(booleans: ["json"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let clients = try context.runtime().storage.listClients()
        if arguments.flag("json") {
            context.out(try JSONOutput.encode(clients.map(ClientView.init)))
        } else if clients.isEmpty {
            context.err("no clients registered")
        } else {
            for client in clients {
                var kinds = [client.isPublic ? "public" : "confidential"]
                if client.firstParty { kinds.append("first-party") }
                if client.appFlip { kinds.append("app-flip") }
                context.out("\(client.id)\t\(client.name)\t\(kinds.joined(separator: ","))\t\(client.redirectURIs.count) redirect URI(s)")
            }
        }
        return .success
    }
}

enum ClientRemoveCommand: Command {
    static let path = ["client", "remove"]
    static let summary = "remove a client and revoke everything issued to it"
    static let help = """
        Usage: accountlink client remove ID

        Removes the client and revokes all of its grants, codes and tokens.
        """
    static let spec = ArgumentSpec(positionals: 1...1)

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let id = arguments.positionals[0]
        let runtime = try context.runtime()
        guard try runtime.storage.deleteClient(id: id, at: runtime.clock.now()) else {
            throw CommandFailure.data("no client with id \(id)")
        }
        runtime.audit("client.removed", clientID: id)
        context.err("removed client \(id)")
        return .success
    }
}

struct ClientView: Encodable {
    let id: String
    let name: String
    let redirect_uris: [String]
    let scopes: [String]
    let `public`: Bool
    let first_party: Bool
    let app_flip: Bool
    let rotate_refresh_tokens: Bool
    let created_at: String

    init(_ client: Client) {
        id = client.id
        name = client.name
        redirect_uris = client.redirectURIs
        scopes = client.scopes
        `public` = client.isPublic
        first_party = client.firstParty
        app_flip = client.appFlip
        rotate_refresh_tokens = client.rotateRefreshTokens
        created_at = JSONOutput.timestamp(client.createdAt)
    }
}
