import Foundation
import Testing

/// `backup`, `restore`, `migrate --check` and the refusal of a database newer than the binary
/// (docs/operations.md, Backup and restore; Upgrades), on the built binary.
@Suite(.serialized) struct BackupRestoreCLITests {
    /// Runs SQL on a database file with Debian's sqlite3 shell (scripts/install-deps.sh test).
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readToEndRetrying()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func database(_ cli: CLIRunner) -> String { cli.directory.appendingPathComponent("db.sqlite").path }

    @Test func backupThenRestoreIntoANewFolderKeepsTheData() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["user", "add", "--email", "kept@example.com", "--password-stdin"],
                            stdin: "a long passphrase 1").status == 0)
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        let backup = try cli.run(["backup", copy])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stderr.contains("master key is not in the backup"))
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try cli.run(["backup", copy]).status == 65, "an existing file is never overwritten")

        let fresh = cli.directory.appendingPathComponent("restored/db.sqlite").path
        try FileManager.default.createDirectory(atPath: cli.directory.appendingPathComponent("restored").path,
                                                withIntermediateDirectories: false)
        cli.environment["ACCOUNTLINK_DATABASE"] = "sqlite:" + fresh
        cli.environment["ACCOUNTLINK_MASTER_KEY"] = try String(
            contentsOf: cli.directory.appendingPathComponent("master.key"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let restore = try cli.run(["restore", copy])
        #expect(restore.status == 0, "\(restore.stderr)")
        let users = try cli.run(["user", "list"])
        #expect(users.status == 0, "\(users.stderr)")
        #expect(users.stdout.contains("kept@example.com"))
    }

    @Test func restoreRefusesWhatIsNotAnAccountLinkDatabase() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let text = cli.directory.appendingPathComponent("notes.txt")
        try Data("not a database at all, just some words\n".utf8).write(to: text)
        let other = cli.directory.appendingPathComponent("other.sqlite").path
        _ = try Self.sqlite(other, "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        for file in [text.path, other, cli.directory.appendingPathComponent("missing.sqlite").path] {
            let result = try cli.run(["restore", file])
            #expect(result.status == 65, "\(file): \(result.stderr)")
            #expect(result.stderr.contains("not an AccountLink database") || result.stderr.contains("no database at"))
        }
        #expect(!FileManager.default.fileExists(atPath: Self.database(cli)), "nothing was written")
    }

    @Test func restoreRefusesWhileTheDatabaseIsOpen() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["migrate"]).status == 0)
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path
        #expect(try cli.run(["backup", copy]).status == 0)
        // Holds the same shared lock a running server holds (SQLiteOpenLock), until it is terminated.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "exec 9>>\"$0\" && flock -s 9 && exec sleep 30", Self.database(cli) + ".lock"]
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        Thread.sleep(forTimeInterval: 0.3)
        let refused = try cli.run(["restore", copy])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("stop it before restoring"), "\(refused.stderr)")
        holder.terminate()
        holder.waitUntilExit()
        #expect(try cli.run(["restore", copy]).status == 0)
    }

    @Test func migrateCheckReportsPendingMigrations() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["migrate"]).status == 0)
        let current = try cli.run(["migrate", "--check"])
        #expect(current.status == 0)
        #expect(current.stdout.contains("schema is current"))
        let last = try Self.sqlite(Self.database(cli), "SELECT max(version) FROM schema_migrations")
        _ = try Self.sqlite(Self.database(cli), "DELETE FROM schema_migrations WHERE version = \(last)")
        let pending = try cli.run(["migrate", "--check"])
        #expect(pending.status == 1)
        #expect(pending.stdout.contains("migration \(last)"))
        #expect(try Self.sqlite(Self.database(cli), "SELECT max(version) FROM schema_migrations") != last,
                "--check changes nothing")
    }

    /// A binary older than the database refuses every command and writes nothing.
    @Test func aDatabaseNewerThanTheBinaryIsRefused() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["migrate"]).status == 0)
        _ = try Self.sqlite(Self.database(cli), "INSERT INTO schema_migrations VALUES (100000, 0)")
        let before = try Self.sqlite(Self.database(cli), "SELECT count(*) FROM clients")
        // `serve` is checked with a time limit in Tests/Peers/test_schema_upgrades.py (without the refusal it serves on).
        for command in [["migrate"], ["migrate", "--check"],
                        ["client", "add", "--id", "x", "--name", "X"], ["backup", "b.sqlite"]] {
            let result = try cli.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("newer than this binary knows"), "\(command): \(result.stderr)")
        }
        #expect(try Self.sqlite(Self.database(cli), "SELECT count(*) FROM clients") == before)
        let copy = cli.directory.appendingPathComponent("newer.sqlite").path
        _ = try Self.sqlite(Self.database(cli), "VACUUM INTO '\(copy)'")
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("r"), withIntermediateDirectories: false)
        cli.environment["ACCOUNTLINK_DATABASE"] = "sqlite:" + cli.directory.appendingPathComponent("r/db.sqlite").path
        let restore = try cli.run(["restore", copy])
        #expect(restore.status == 65)
        #expect(restore.stderr.contains("newer than this binary knows"))
    }

    @Test func postgresIsBackedUpWithItsOwnTools() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_DATABASE"] = "postgres://nobody:x@127.0.0.1:1/none"
        let backup = try cli.run(["backup", "x.sql"])
        #expect(backup.status == 64)
        #expect(backup.stderr.contains("pg_dump"))
        #expect(try cli.run(["restore", "x.sql"]).status == 64)
    }
}
