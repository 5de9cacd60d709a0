import AppFlipKit
import Foundation

enum SimulateAppFlipCommand: Command {
    static let path = ["simulate", "app-flip"]
    static let summary = "play Google's and the app's part of App Flip against a server"
    static let help = """
        Usage: accountlink simulate app-flip [--server URL] [--app-link URL]
                   [--google-client ID] [--google-secret SECRET | --google-secret-stdin]
                   [--app-client ID] [--email EMAIL --password-stdin] [--scope SCOPE]... [--redirect-uri URI]
                   [--deny | --wrong-client | --foreign-redirect | --signed-out]

        Plays Google's part of App Flip (as Google's App Flip test tool does) and the maker's app's part
        (with AppFlipKit) against a running server, printing each step: Google opens the App Flip link
        with a 200-character state full of awkward characters; the app validates the link, signs in with
        its first-party client (password grant), asks POST /app-flip/authorize for a code with its Bearer
        token and builds the return URL; Google checks state byte for byte, redeems the code at /token
        with HTTP Basic and refreshes once.
          --server URL          the server (default: the configured issuer)
          --app-link URL        the App Flip link (default: SERVER + ACCOUNTLINK_APP_FLIP_PATH)
          --google-client ID    Google's client id (default: google)
          --google-secret S     Google's client secret (visible to `ps`); --google-secret-stdin reads it from stdin
          --app-client ID       the maker's first-party app client (default: app)
          --email E             the user the app signs in; --password-stdin reads the password
                                (with both stdin flags: the secret on line 1, the password on line 2)
          --scope SCOPE         a scope in the link (repeatable; default: the client's default scopes)
          --redirect-uri URI    Google's App Flip redirect URI
                                (default: https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast)
        At most one error case:
          --deny                the user presses Cancel: expects access_denied in the return URL
          --wrong-client        a client_id that is not registered: expects invalid_request, no code, and
                                the link refused in a browser too
          --foreign-redirect    a redirect_uri that is not Google's: expects invalid_request and no redirect_to
          --signed-out          no or a stale app token: expects cancelled (recoverable)
        Exit status 0 when the outcome is the expected one (without an error flag: tokens obtained and
        refreshed), 1 otherwise, 64 for a usage error.
        """
    static let spec = ArgumentSpec(
        valued: ["server", "app-link", "google-client", "google-secret", "app-client", "email", "redirect-uri"],
        repeatable: ["scope"],
        booleans: Set(["google-secret-stdin", "password-stdin"] + AppFlipVariant.allCases.dropFirst().map(\.rawValue)))

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let settings = try self.settings(arguments, context)
        let reporter = StepReporter(write: context.out)
        context.out("App Flip simulation against \(settings.server.absoluteString) (\(describe(settings.variant)))")
        do {
            let outcome = try await AppFlipSimulation(settings: settings, http: SimHTTP(), report: reporter).run()
            context.out("RESULT: as expected: \(outcome.summary)")
            return .success
        } catch let failure as SimulationFailure {
            context.out("RESULT: FAILED")
            context.err("accountlink simulate app-flip: FAILED: \(failure.description)")
            return .unexpectedOutcome
        }
    }

    static func describe(_ variant: AppFlipVariant) -> String {
        variant == .success ? "expecting a successful link" : "--\(variant.rawValue)"
    }

    static func settings(_ arguments: Arguments, _ context: CommandContext) throws -> AppFlipSimulation.Settings {
        let flags = AppFlipVariant.allCases.filter { arguments.flag($0.rawValue) }
        guard flags.count <= 1 else { throw CommandFailure.usage("give at most one of --deny, --wrong-client, --foreign-redirect, --signed-out") }
        if arguments.value("google-secret") != nil && arguments.flag("google-secret-stdin") {
            throw CommandFailure.usage("give --google-secret or --google-secret-stdin, not both")
        }
        let server = try serverURL(arguments, context)
        let appLink = try arguments.value("app-link").map { try absoluteURL($0, "--app-link") }
            ?? URL(string: server.absoluteString + context.configuration().appFlipPath)!
        let redirectURI = arguments.value("redirect-uri") ?? AppFlipKit.GoogleRedirectURIs.appFlip[0]
        guard AppFlipRedirect.isGoogleAppFlipRedirect(redirectURI) else {
            throw CommandFailure.usage("--redirect-uri must be one of Google's App Flip URIs (for another one use --foreign-redirect)")
        }
        let (secret, password) = readSecrets(arguments, context)
        return AppFlipSimulation.Settings(
            server: server, appLink: appLink, googleClientID: arguments.value("google-client") ?? "google",
            googleSecret: secret, appClientID: arguments.value("app-client") ?? "app", email: arguments.value("email"),
            password: password, scopes: arguments.values("scope"), googleRedirectURI: redirectURI,
            variant: flags.first ?? .success)
    }

    static func serverURL(_ arguments: Arguments, _ context: CommandContext) throws -> URL {
        var text = try arguments.value("server") ?? context.configuration().issuerString
        while text.hasSuffix("/") { text.removeLast() }
        return try absoluteURL(text, "--server")
    }

    static func absoluteURL(_ text: String, _ what: String) throws(CommandFailure) -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw .usage("\(what) must be an absolute http(s) URL")
        }
        return url
    }

    /// Secrets and passwords come from stdin, never argv, unless --google-secret is given.
    static func readSecrets(_ arguments: Arguments, _ context: CommandContext) -> (String?, String?) {
        let wantsSecret = arguments.flag("google-secret-stdin"), wantsPassword = arguments.flag("password-stdin")
        guard wantsSecret || wantsPassword else { return (arguments.value("google-secret"), nil) }
        var lines = context.readStandardInput().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let secret = wantsSecret ? (lines.isEmpty ? "" : lines.removeFirst()) : arguments.value("google-secret")
        let password = wantsPassword ? lines.first ?? "" : nil
        return (secret, password)
    }
}
