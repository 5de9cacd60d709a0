import Foundation

enum DemoCommand: Command {
    static let path = ["demo"]
    static let summary = "the whole story end to end on a throwaway database"
    static let help = """
        Usage: accountlink demo

        Tells the whole story end to end, each step printed: starts the server inside this process on a
        free loopback port with a new SQLite database in a temporary folder; registers Google as a
        client (client add --google-project demo --app-flip) and the maker's first-party app; creates a
        demo user; links the account in a scripted browser (login page, consent page, "Agree and link");
        exchanges the code at /token; links again through App Flip (as `simulate app-flip` does); refreshes;
        unlinks Google on the account page; shows that Google's refresh then fails with invalid_grant; and
        ends with a table of what happened. The folder is deleted and the server stopped at the end.
        Ignores ACCOUNTLINK_* settings. Exit status 0 when every step went as expected, 1 otherwise.
        """
    static let spec = ArgumentSpec()

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws -> ExitCode {
        let world = try DemoWorld()
        context.out("AccountLink demo: linking an account with Google, from first start to unlink.")
        context.out("Who is who: \"the maker\" sells smart-home devices and runs this AccountLink server with its app;")
        context.out("a user links their maker account to Google so that Google Home can control the devices.")
        context.out("Everything runs on this machine: this program plays Google's servers and apps, nothing is sent to Google.")
        let story = DemoStory(world: world, write: context.out)
        var failure: String?
        do { try await story.run() } catch { failure = "\(error)" }
        await world.finish()
        context.out("")
        context.out(table(story.rows, failed: failure))
        context.out("Server stopped; temporary folder \(world.folder.path) deleted.")
        guard let failure else { return .success }
        context.err("accountlink demo: FAILED: \(failure)")
        return .unexpectedOutcome
    }

    static func table(_ rows: [(step: String, result: String)], failed: String?) -> String {
        let all = [("What happened", "Result")] + rows + (failed.map { [("FAILED", $0)] } ?? [])
        let width = all.map(\.0.count).max() ?? 0
        let rule = String(repeating: "-", count: width + 2 + (all.map(\.1.count).max() ?? 0))
        var lines = ["Summary", rule]
        for (index, row) in all.enumerated() {
            lines.append(row.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + row.1)
            if index == 0 { lines.append(rule) }
        }
        lines.append(rule)
        lines.append(failed == nil ? "All \(rows.count) steps went as expected." : "The demo stopped at the failure above.")
        return lines.joined(separator: "\n")
    }
}
