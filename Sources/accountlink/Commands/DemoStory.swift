import AppFlipKit
import Foundation

/// The story `accountlink demo` tells, step by step, for someone who has never seen the project.
final class DemoStory: @unchecked Sendable {
    let world: DemoWorld
    let http = SimHTTP()
    let write: (String) -> Void
    private(set) var rows: [(step: String, result: String)] = []
    private var section = 0
    var googleSecret = ""

    let email = "demo@example.com"
    let password = "correct horse battery staple"
    let webRedirect = AppFlipKit.GoogleRedirectURIs.web(project: "demo")[0]
    let scopes = ["openid", "email", "devices"]

    init(world: DemoWorld, write: @escaping (String) -> Void) {
        self.world = world
        self.write = write
    }

    func heading(_ title: String, _ why: String) {
        section += 1
        write("")
        write("Step \(section). \(title)")
        write("   \(why)")
    }

    func say(_ text: String) { write("   " + text) }

    func record(_ step: String, _ result: String) { rows.append(("\(section). " + step, result)) }

    func url(_ path: String) -> URL { URL(string: world.base.absoluteString + path)! }

    func run() async throws {
        try startServer()
        try await registerClientsAndUser()
        try await signUpWithVerificationMail()
        let code = try await linkInBrowser()
        let browserLink = try await exchange(code)
        let appFlipLink = try await appFlip()
        try await refreshBrowserLink(browserLink.refreshToken)
        try await unlinkOnAccountPage()
        try await refreshesNowFail([browserLink.refreshToken, appFlipLink.refreshToken])
    }

    func startServer() throws {
        heading("Start the server", "An empty SQLite database in a temporary folder; the server runs inside this process.")
        try world.start()
        say("serving \(world.base.absoluteString), database \(world.databasePath)")
        record("Server started on a free loopback port", world.base.absoluteString)
    }

    func registerClientsAndUser() async throws {
        heading("Register Google as an OAuth client",
                "Google's servers will link accounts with this client id and secret (as typed into Google's console).")
        let google = try await operatorRuns(["client", "add", "--id", "google", "--name", "Google",
                                             "--google-project", "demo", "--app-flip"])
        googleSecret = google.trimmingCharacters(in: .whitespacesAndNewlines)
        say("secret (printed once, kept only as a hash): \(StepReporter.abbreviate(googleSecret))")
        record("Google registered (2 web + 12 App Flip redirect URIs)", "secret issued")

        heading("Register the maker's own app", "A first-party public client: the smart-home app that signs users in.")
        _ = try await operatorRuns(["client", "add", "--id", "app", "--name", "Demo Smart Home app", "--public",
                                    "--first-party"])
        record("The maker's app registered (first-party, public)", "ok")

        heading("Create a demo user", "Someone with an account at the maker, who will link it to Google.")
        _ = try await operatorRuns(["user", "add", "--email", email, "--name", "Demo User", "--password-stdin"],
                                   stdin: password + "\n")
        record("User \(email) created", "ok")
    }

    /// `accountlink …` in a child process on the demo's database, shown as the operator would type it.
    func operatorRuns(_ arguments: [String], stdin: String? = nil) async throws -> String {
        let shown = arguments.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
        say("$ accountlink \(shown)" + (stdin != nil ? " <<< '…'" : ""))
        let result = try await world.cli(arguments, stdin: stdin)
        for line in result.stderr.split(separator: "\n") where !line.contains("shown once") { say("  " + line) }
        guard result.status == 0 else { throw SimulationFailure("accountlink \(shown) exited \(result.status)") }
        return result.stdout
    }

    func appFlip() async throws -> AppFlipSimulation.Linked {
        heading("App Flip: Google's app opens the maker's app",
                "Instead of a browser, the Google Home app opens the maker's app, which hands back a code.")
        let settings = AppFlipSimulation.Settings(
            server: world.base, appLink: url(world.configuration?.appFlipPath ?? "/app-flip"), googleClientID: "google",
            googleSecret: googleSecret, appClientID: "app", email: email, password: password, scopes: scopes,
            googleRedirectURI: AppFlipKit.GoogleRedirectURIs.appFlip[0], variant: .success)
        let reporter = StepReporter(indent: "   ", write: write)
        let outcome = try await AppFlipSimulation(settings: settings, http: http, report: reporter).run()
        guard let linked = outcome.linked else { throw SimulationFailure("App Flip gave no tokens") }
        record("App Flip: code from the app, tokens for Google, one refresh", "ok, state intact")
        return linked
    }
}
