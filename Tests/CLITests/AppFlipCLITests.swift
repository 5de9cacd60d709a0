import Foundation
import Testing

/// `accountlink demo` and `accountlink simulate app-flip` on the built binary (the runs against a
/// server are in Tests/Peers/test_app_flip.py and test_demo.py).
@Suite(.serialized) struct AppFlipCLITests {
    @Test func simulateHelpDocumentsEveryOption() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let help = try cli.run(["simulate", "app-flip", "--help"]).stdout
        for option in ["--server", "--app-link", "--google-client", "--google-secret", "--google-secret-stdin",
                       "--app-client", "--email", "--password-stdin", "--scope", "--redirect-uri", "--deny",
                       "--wrong-client", "--foreign-redirect", "--signed-out"] {
            #expect(help.contains(option), "help lacks \(option)")
        }
    }

    @Test func simulateUsageErrors() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let two = try cli.run(["simulate", "app-flip", "--deny", "--wrong-client"])
        #expect(two.status == 64)
        #expect(two.stderr.contains("at most one of"))
        let foreign = try cli.run(["simulate", "app-flip", "--redirect-uri", "https://evil.example/a/x"])
        #expect(foreign.status == 64)
        #expect(try cli.run(["simulate", "app-flip", "--server", "ftp://x"]).status == 64)
    }

    @Test func simulateWithoutAServerExits1() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["simulate", "app-flip", "--server", "http://127.0.0.1:9", "--signed-out"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("FAILED: cannot reach http://127.0.0.1:9"))
    }

    @Test func demoRunsTheWholeStory() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["demo"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("All 11 steps went as expected."))
        #expect(result.stdout.contains("email_verified: true"))
        #expect(result.stdout.contains("invalid_grant (link broken)"))
    }
}
