import Foundation
import Testing

/// README.md, CLI and Configuration: `--version`, `GROUP --help`, and configuration mistakes that used to
/// pass silently.
@Suite(.serialized) struct StrictConfigurationTests {
    @Test func versionPrintsTheRelease() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("accountlink "))
        #expect(result.stdout.contains("."))
    }

    @Test(arguments: [("client", ["client add", "client list", "client remove"]),
                      ("user", ["user add", "user list", "user delete"]),
                      ("keys", ["keys list", "keys rotate"]), ("token", ["token verify"]),
                      ("simulate", ["simulate app-flip"])])
    func groupHelpListsTheGroup(group: String, members: [String]) throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run([group, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Usage: accountlink \(group) COMMAND"))
        for member in members { #expect(result.stdout.contains("  " + member), "\(group) --help lacks \(member)") }
        let bare = try cli.run([group])
        #expect(bare.status == 64, "a group without a command is a usage error")
        #expect(bare.stderr.contains(members[0]))
    }

    @Test func unknownEnvironmentSettingIsRefusedByName() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_ISSUR"] = "https://typo.example"
        let result = try cli.run(["client", "list"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("ACCOUNTLINK_ISSUR"))
        cli.environment["ACCOUNTLINK_ISSUR"] = nil
        #expect(try cli.run(["migrate"]).status == 0, "known settings only: accepted")
    }

    @Test func unknownConfigFileKeyIsRefusedByName() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let file = cli.directory.appendingPathComponent("config.json")
        try Data(#"{"product_name": "Acme", "listne": "127.0.0.1:9"}"#.utf8).write(to: file)
        cli.environment["ACCOUNTLINK_CONFIG"] = file.path
        let result = try cli.run(["client", "list"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("listne"))
        try Data(#"{"product_name": "Acme", "listen": "127.0.0.1:9"}"#.utf8).write(to: file)
        let good = try cli.run(["migrate"])
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test func explicitSQLitePathInAMissingFolderIsAnError() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let missing = cli.directory.appendingPathComponent("no-such-folder/db.sqlite").path
        let flag = try cli.run(["client", "list", "--database", "sqlite:" + missing])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("--database"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("no-such-folder").path))
        cli.environment["ACCOUNTLINK_DATABASE"] = "sqlite:" + missing
        let env = try cli.run(["client", "list"])
        #expect(env.status == 64)
        #expect(env.stderr.contains("ACCOUNTLINK_DATABASE"))
        // The default folder is still created on first start.
        cli.environment["ACCOUNTLINK_DATABASE"] = nil
        #expect(try cli.run(["migrate"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("accountlink-data/master.key").path))
    }

    @Test func wrongMasterKeyIsOneLineNamingTheSetting() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_MASTER_KEY"] = Data(repeating: 1, count: 32).base64EncodedString()
        #expect(try cli.run(["keys", "rotate"]).status == 0)
        cli.environment["ACCOUNTLINK_MASTER_KEY"] = Data(repeating: 2, count: 32).base64EncodedString()
        let result = try cli.run(["keys", "list"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("ACCOUNTLINK_MASTER_KEY"))
        #expect(!result.stderr.contains("AES-GCM"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func nonLoopbackListenBlamesTheListenSettingGiven() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let flag = try cli.run(["client", "list", "--listen", "0.0.0.0:8080"])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("--listen"))
        #expect(!flag.stderr.contains("ACCOUNTLINK_ISSUER:"))
        cli.environment["ACCOUNTLINK_LISTEN"] = "0.0.0.0:8080"
        let env = try cli.run(["client", "list"])
        #expect(env.stderr.contains("ACCOUNTLINK_LISTEN:"))
        cli.environment["ACCOUNTLINK_ISSUER"] = "https://auth.example.com"
        #expect(try cli.run(["migrate"]).status == 0)
    }

    /// README.md, Configuration: the config file is strict JSON (RFC 8259); a trailing comma, a comment
    /// or a repeated key is refused with its line and column, naming the setting actually used.
    @Test(arguments: [
        ("{\n  \"product_name\": \"Acme\",\n}\n", "line 3, column 1"),
        ("{\n  // a comment\n  \"product_name\": \"Acme\"\n}\n", "line 2, column 3"),
        ("{\"product_name\": \"Acme\",\n \"product_name\": \"Other\"}", "line 2, column 16"),
    ])
    func aConfigFileThatIsNotStrictJSONIsRefusedWithItsPosition(text: String, position: String) throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        let file = cli.directory.appendingPathComponent("config.json")
        try Data(text.utf8).write(to: file)
        let flag = try cli.run(["migrate", "--config", file.path])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("--config: \(file.path): \(position)"), "\(flag.stderr)")
        cli.environment["ACCOUNTLINK_CONFIG"] = file.path
        let env = try cli.run(["migrate"])
        #expect(env.status == 64)
        #expect(env.stderr.contains("ACCOUNTLINK_CONFIG: \(file.path): \(position)"), "\(env.stderr)")
        try Data(#"{"product_name": "Acme", "apple_client_ids": ["com.example.app"], "access_token_lifetime": 600}"#.utf8)
            .write(to: file)
        #expect(try cli.run(["migrate"]).status == 0)
    }
}
