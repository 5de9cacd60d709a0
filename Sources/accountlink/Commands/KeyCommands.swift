import Foundation
import JOSE
import Support

enum KeysListCommand: Command {
    static let path = ["keys", "list"]
    static let summary = "list our signing keys"
    static let help = """
        Usage: accountlink keys list [--json]

        Lists the ID-token signing keys: the active one, and retired ones still published at /jwks.json
        until every token they signed has expired. Private keys are never shown.
        """
    static let spec = ArgumentSpec(booleans: ["json"])

    struct View: Encodable {
        let kid: String
        let alg: String
        let state: String
        let created_at: String
        let retired_at: String?
        let unpublished_after: String?
    }

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let runtime = try context.runtime(readOnly: true)
        _ = try runtime.keyRing.current()
        let now = runtime.clock.now()
        let views = try runtime.storage.signingKeys().map { key in
            View(kid: key.kid, alg: key.algorithm,
                 state: key.retiredAt == nil ? "active" : (key.removeAfter.map { $0 > now } ?? true) ? "retired" : "expired",
                 created_at: RFC3339.string(key.createdAt), retired_at: key.retiredAt.map(RFC3339.string),
                 unpublished_after: key.removeAfter.map(RFC3339.string))
        }
        if arguments.flag("json") {
            context.out(try JSONOutput.encode(views))
        } else {
            for view in views { context.out("\(view.kid)\t\(view.alg)\t\(view.state)\t\(view.created_at)") }
        }
        return .success
    }
}

enum KeysRotateCommand: Command {
    static let path = ["keys", "rotate"]
    static let summary = "make a new signing key active"
    static let help = """
        Usage: accountlink keys rotate [--es256]

        Generates a new signing key (RSA-2048 for RS256 by default, P-256 for ES256 with --es256) and makes
        it the active key of its algorithm. The previous key of that algorithm stays published until the
        tokens it signed have expired; the active key of the other algorithm stays active. ID tokens use the
        key of their client's algorithm (`client add --id-token-alg`, RS256 by default). Running servers
        pick it up within a minute.
        """
    static let spec = ArgumentSpec(booleans: ["es256"])

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let runtime = try context.runtime()
        let kid = try runtime.keyRing.rotate(arguments.flag("es256") ? .es256 : .rs256)
        runtime.audit(.keysRotated, detail: "kid=\(kid)")
        context.err("new active signing key:")
        context.out(kid)
        return .success
    }
}
