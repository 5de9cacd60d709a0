import AppFlipKit
import Foundation
import OAuthCore
import Operations
import Support

enum ClientAddCommand: Command {
    static let path = ["client", "add"]
    static let summary = "register an OAuth client (prints its secret once)"
    static let help = """
        Usage: accountlink client add --id ID --name NAME [--google-project PROJECT_ID] [--app-flip]
                                      [--redirect-uri URI]... [--scope SCOPE]... [--public] [--first-party]
                                      [--rotate-refresh-tokens] [--resource-server] [--client-credentials]
                                      [--id-token-alg RS256|ES256] [--web-origin ORIGIN]... [--secret-stdin]
                                      [--backchannel-logout-uri URL]

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
          --resource-server   the maker's resource server (its fulfillment): a confidential client that may
                              introspect the tokens of every client at /introspect, and do nothing else
          --client-credentials  a confidential client that may get tokens for itself (grant_type=
                              client_credentials, RFC 6749 §4.4), e.g. a back-end job calling the maker's API
          --id-token-alg ALG  how this client's ID tokens are signed: RS256 (default) or ES256 (OIDC Dynamic
                              Client Registration `id_token_signed_response_alg`); ES256 needs an active ES256
                              key, made by `accountlink keys rotate --es256`
          --web-origin O      a browser origin (https://app.example) whose scripts may call /token,
                              /userinfo, /revoke, discovery and /jwks.json (CORS; repeatable)
          --backchannel-logout-uri URL  where OIDC Back-Channel Logout 1.0 logout tokens are POSTed when
                              the person's sign-in at this client ends (docs/webhooks.md)
        """
    static let spec = ArgumentSpec(
        valued: ["id", "name", "google-project", "id-token-alg", "backchannel-logout-uri"], repeatable: ["redirect-uri", "scope", "web-origin"],
        booleans: ["app-flip", "public", "first-party", "secret-stdin", "rotate-refresh-tokens", "resource-server",
                   "client-credentials"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        var registration = ClientRegistration(id: try arguments.required("id"), name: try arguments.required("name"))
        registration.googleProject = arguments.value("google-project")
        registration.appFlip = arguments.flag("app-flip")
        registration.redirectURIs = arguments.values("redirect-uri")
        registration.scopes = arguments.values("scope")
        registration.isPublic = arguments.flag("public")
        registration.firstParty = arguments.flag("first-party")
        registration.rotateRefreshTokens = arguments.flag("rotate-refresh-tokens")
        registration.resourceServer = arguments.flag("resource-server")
        registration.clientCredentials = arguments.flag("client-credentials")
        registration.idTokenSignedResponseAlg = arguments.value("id-token-alg") ?? Client.defaultIDTokenAlg
        registration.webOrigins = arguments.values("web-origin")
        registration.backchannelLogoutURI = arguments.value("backchannel-logout-uri")
        do {
            _ = try registration.checkedRedirectURIs()
            _ = try ClientRules.checkedWebOrigins(registration.webOrigins)
        } catch { throw failure(error) }
        let runtime = try context.runtime()
        if arguments.flag("secret-stdin") {
            registration.secret = context.readStandardInput().trimmingCharacters(in: .newlines)
        }
        let registered: (client: Client, secret: String?)
        do { registered = try registration.register(runtime, actor: "cli") } catch { throw failure(error) }
        let (client, secret) = registered
        context.err("registered client \(client.id) with \(client.redirectURIs.count) redirect URI(s)")
        if let secret, !arguments.flag("secret-stdin") {
            context.err("client secret (shown once, store it now):")
            context.out(secret)
        }
        return .success
    }

    /// Usage problems exit 64, unacceptable values and conflicts 65.
    private static func failure(_ error: ClientRegistration.Failure) -> CommandFailure {
        if case .usage(let text) = error { return .usage(text) }
        return .data(error.message)
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
        let clients = try context.runtime(readOnly: true).storage.listClients()
        try context.list(
            clients, json: arguments.flag("json"), view: ClientView.init, empty: "no clients registered"
        ) { client in
            "\(client.id)\t\(client.name)\t\(kinds(client).joined(separator: ","))\t\(client.redirectURIs.count) redirect URI(s)"
        }
        return .success
    }

    static func kinds(_ client: Client) -> [String] {
        var kinds = [client.isPublic ? "public" : "confidential"]
        if client.firstParty { kinds.append("first-party") }
        if client.appFlip { kinds.append("app-flip") }
        if client.resourceServer { kinds.append("resource-server") }
        if client.clientCredentials { kinds.append("client-credentials") }
        if !client.idTokenSignedResponseAlg.sameBytes(Client.defaultIDTokenAlg) {
            kinds.append("id-token-" + client.idTokenSignedResponseAlg)
        }
        return kinds
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
        let found = try ClientRegistration.remove(id: id, try context.runtime(), actor: "cli")
        return try context.removed("client", id, found: found)
    }
}
