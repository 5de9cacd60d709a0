import Foundation
import Testing

@Suite(.serialized) struct CLITests {
    @Test func topLevelHelpListsEveryContractCommand() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["--help"])
        #expect(result.status == 0)
        for command in ["serve", "migrate", "client add", "client list", "client remove", "user add", "user list",
                        "user delete", "keys list", "keys rotate", "token verify", "demo", "simulate app-flip"] {
            #expect(result.stdout.contains("  " + command), "help lacks \(command)")
        }
    }

    @Test(arguments: [["client", "add"], ["client", "list"], ["user", "add"], ["user", "delete"], ["migrate"],
                      ["serve"], ["keys", "list"], ["keys", "rotate"], ["token", "verify"], ["client", "remove"],
                      ["user", "list"], ["demo"], ["simulate", "app-flip"]])
    func commandHelp(command: [String]) throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: accountlink " + command.joined(separator: " ")))
    }

    @Test func badFlagIsAUsageError() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["client", "add", "--id", "x", "--name", "X", "--no-such-flag"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option --no-such-flag"))
        #expect(try cli.run(["no-such-command"]).status == 64)
        #expect(try cli.run(["client", "add", "--name", "X"]).stderr.contains("--id is required"))
    }

    /// A resource server only introspects (RFC 7662 §4): it cannot also sign people in as the app.
    @Test func aResourceServerCannotBeFirstParty() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["client", "add", "--id", "f", "--name", "F", "--resource-server", "--first-party"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("only introspects"))
        #expect(try cli.run(["client", "add", "--id", "f", "--name", "F", "--resource-server"]).status == 0)
    }

    /// http:// only for a loopback host: an IPv4 literal in 127/8, ::1 or localhost; a name that merely
    /// starts with "127." is a public host (redirect URIs and, by the same rule, the issuer).
    @Test(arguments: ["http://127.evil.example/cb", "http://127.0.0.1.nip.io/cb", "http://127.0.0.256/cb",
                      "http://127.0.0/cb", "http://localhost.evil.example/cb"])
    func httpRedirectURIsNeedARealLoopbackHost(uri: String) throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["client", "add", "--id", "h", "--name", "H", "--redirect-uri", uri])
        #expect(result.status == 65)
        #expect(result.stderr.contains("allowed only for a loopback host"), "\(result.stderr)")
    }

    @Test func loopbackRedirectURIsMayUseHTTP() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for (id, uri) in [("a", "http://127.0.0.1:8080/cb"), ("b", "http://127.1.2.3/cb"), ("c", "http://[::1]:9/cb"),
                          ("d", "http://localhost/cb")] {
            let result = try cli.run(["client", "add", "--id", id, "--name", id, "--redirect-uri", uri])
            #expect(result.status == 0, "\(uri): \(result.stderr)")
        }
    }

    @Test func anIssuerOnAHostNamedLike127IsNotLoopback() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_ISSUER"] = "http://127.evil.example"
        let result = try cli.run(["client", "list"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("ACCOUNTLINK_ISSUER"), "\(result.stderr)")
    }

    @Test func badConfigurationNamesTheKey() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_ISSUER"] = "http://example.com"
        let result = try cli.run(["client", "list"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("ACCOUNTLINK_ISSUER"))
        cli.environment["ACCOUNTLINK_ISSUER"] = nil
        cli.environment["ACCOUNTLINK_MASTER_KEY"] = "c2hvcnQ="
        #expect(try cli.run(["client", "list"]).stderr.contains("ACCOUNTLINK_MASTER_KEY"))
        #expect(try cli.run(["client", "list", "--database", "mysql://x"]).stderr.contains("--database"))
    }

    @Test func googleClientGetsTheTwoWebAndTwelveAppFlipRedirectURIs() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let add = try cli.run(["client", "add", "--id", "google", "--name", "Google", "--google-project", "p",
                               "--app-flip"])
        #expect(add.status == 0, "\(add.stderr)")
        let secret = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(secret.utf8.count >= 43, "a 256-bit secret is printed once on stdout")
        let list = try cli.run(["client", "list", "--json"])
        #expect(list.status == 0)
        #expect(!list.stdout.contains(secret), "the secret is never shown again")
        let clients = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        let uris = try #require(clients?.first?["redirect_uris"] as? [String])
        var expected = ["https://oauth-redirect.googleusercontent.com/r/p",
                        "https://oauth-redirect-sandbox.googleusercontent.com/r/p"]
        for host in ["oauth-redirect", "oauth-redirect-sandbox"] {
            for app in ["com.google.Chromecast", "com.google.Chromecast.dev", "com.google.Chromecast.enterprise",
                        "com.google.OPA", "com.google.OPA.dev", "com.google.OPA.enterprise"] {
                expected.append("https://\(host).googleusercontent.com/a/\(app)")
            }
        }
        #expect(uris.count == 14)
        #expect(Set(uris) == Set(expected))
        #expect(try cli.run(["client", "add", "--id", "google", "--name", "Again"]).status == 65)
    }

    @Test func secretFromStdinAndPublicClients() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let add = try cli.run(["client", "add", "--id", "web", "--name", "Web", "--redirect-uri",
                               "https://example.com/cb", "--secret-stdin"],
                              stdin: "a-secret-of-enough-length-for-a-client-secret\n")
        #expect(add.status == 0)
        #expect(add.stdout.isEmpty, "a secret given on stdin is not echoed")
        #expect(try cli.run(["client", "add", "--id", "weak", "--name", "Weak", "--secret-stdin"], stdin: "short secret\n")
            .status == 65)
        let app = try cli.run(["client", "add", "--id", "app", "--name", "App", "--public", "--first-party"])
        #expect(app.status == 0)
        #expect(app.stdout.isEmpty)
        #expect(try cli.run(["client", "add", "--id", "bad", "--name", "B", "--redirect-uri", "http://evil.example/cb"])
            .status == 65)
        // A Kelvin sign (U+212A) is not the letter K: ids are checked by bytes.
        let kelvin = try cli.run(["client", "add", "--id", "\u{212A}elvin", "--name", "K"])
        #expect(kelvin.status != 0 && kelvin.stderr.contains("may contain only"))
        #expect(try cli.run(["client", "remove", "web"]).status == 0)
        #expect(try cli.run(["client", "remove", "web"]).status == 65)
    }

    @Test func userAddThenListNeverShowsTheHash() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let add = try cli.run(["user", "add", "--email", "Ada@Example.com", "--name", "Ada", "--password-stdin"],
                              stdin: "correct horse battery\n")
        #expect(add.status == 0, "\(add.stderr)")
        let list = try cli.run(["user", "list", "--json"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("ada@example.com"))
        #expect(list.stdout.contains("\"Ada\""))
        #expect(!list.stdout.contains("argon2"), "no password hash in the listing")
        #expect(!list.stdout.contains("correct horse"))
        #expect(try cli.run(["user", "add", "--email", "ada@example.com", "--password-stdin"], stdin: "another pass\n")
            .status == 65)
        #expect(try cli.run(["user", "add", "--email", "x@example.com", "--password-stdin"], stdin: "short\n")
            .status == 65)
        #expect(try cli.run(["user", "add", "--email", "x@example.com", "--password", "p"]).status == 64)
    }

    @Test func userDeleteErasesTheAccount() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        _ = try cli.run(["user", "add", "--email", "gone@example.com", "--password-stdin"], stdin: "gone passphrase 1\n")
        let delete = try cli.run(["user", "delete", "gone@example.com"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(!(try cli.run(["user", "list", "--json"]).stdout.contains("gone@example.com")))
        #expect(try cli.run(["user", "delete", "gone@example.com"]).status == 65)
    }

    /// docs/accounts-and-email.md, Passwords: the password rules of NIST SP 800-63B also for the operator,
    /// and the account switches.
    @Test func userSetPasswordDisableEnableAndMailList() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["user", "add", "--email", "pw@example.com", "--password-stdin"], stdin: "password123\n")
            .status == 65)
        #expect(try cli.run(["user", "add", "--email", "pw@example.com", "--password-stdin"], stdin: "pw@example.com\n")
            .status == 65)
        #expect(try cli.run(["user", "add", "--email", "pw@example.com", "--password-stdin"], stdin: "first passphrase\n")
            .status == 0)
        let set = try cli.run(["user", "set-password", "pw@example.com", "--password-stdin"], stdin: "second passphrase\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try cli.run(["user", "set-password", "pw@example.com", "--password-stdin"], stdin: "1234567\n")
            .status == 65)
        #expect(try cli.run(["user", "set-password", "pw@example.com"]).status == 64)
        #expect(try cli.run(["user", "set-password", "nobody@example.com", "--password-stdin"], stdin: "x passphrase\n")
            .status == 65)
        #expect(try cli.run(["user", "disable", "pw@example.com"]).status == 0)
        #expect(try cli.run(["user", "list", "--json"]).stdout.contains("\"disabled\""))
        #expect(try cli.run(["user", "enable", "pw@example.com"]).status == 0)
        #expect(try cli.run(["user", "disable"]).status == 64)
        let mails = try cli.run(["mail", "list", "--json"])
        #expect(mails.status == 0 && mails.stdout.contains("\"kind\" : \"password-changed\""), "\(mails.stdout)")
        #expect(mails.stdout.contains("\"status\" : \"pending\""))
    }

    /// README.md, CLI: a command that only reads, run where there is no database, says so with exit 66
    /// and creates nothing (no folder, no database, no master key).
    @Test(arguments: [["client", "list"], ["user", "list"], ["mail", "list"], ["keys", "list"], ["audit"],
                      ["doctor"], ["migrate", "--check"]])
    func readOnlyCommandsRefuseAMissingDatabase(words: [String]) throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_DATABASE"] = nil
        let result = try cli.run(words)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("no database at ./accountlink-data/accountlink.sqlite"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).isEmpty)
    }

    /// A database whose generated master key is missing is not given a new one by a read-only command.
    @Test func readOnlyCommandsRefuseAMissingMasterKey() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["migrate"]).status == 0)
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("master.key"))
        let result = try cli.run(["client", "list"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no master key"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("master.key").path))
    }

    /// docs/operations.md, Audit: `accountlink audit` lists entries with every column, `-` for the IP and
    /// user agent of an entry made outside a request.
    @Test func auditListsEntriesNewestFirst() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["client", "add", "--id", "gone", "--name", "Gone", "--public",
                             "--redirect-uri", "https://example.com/cb"]).status == 0)
        #expect(try cli.run(["client", "remove", "gone"]).status == 0)
        let text = try cli.run(["audit"])
        #expect(text.status == 0, "\(text.stderr)")
        let kinds = text.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] }
        #expect(kinds == ["client.removed", "client.added"])
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.split(separator: "\t")[4...5] == ["-", "-"] })
        let json = try cli.run(["audit", "--json", "--limit", "1"])
        #expect(json.stdout.contains("\"kind\" : \"client.removed\"") && json.stdout.contains("\"ip\" : null"),
                "\(json.stdout)")
        #expect(try cli.run(["audit", "--limit", "0"]).status == 64)
    }
}
