import Foundation
import Testing

/// README.md, Configuration: the PostgreSQL pool size, the refresh-token reuse window and the client cache
/// are settings, read whatever the database (so the strict check knows them), and refused with their names
/// when out of range.
@Suite(.serialized) struct StoreSettingsTests {
    @Test(arguments: [("ACCOUNTLINK_POSTGRES_POOL_SIZE", "0"), ("ACCOUNTLINK_POSTGRES_POOL_SIZE", "many"),
                      ("ACCOUNTLINK_REFRESH_REUSE_WINDOW", "59"), ("ACCOUNTLINK_CLIENT_CACHE_SECONDS", "61"),
                      ("ACCOUNTLINK_CLIENT_CACHE_SECONDS", "-1")])
    func outOfRangeIsRefusedByName(name: String, value: String) throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment[name] = value
        let result = try cli.run(["client", "list"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(name), "\(result.stderr)")
    }

    @Test func validValuesAreAccepted() throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["ACCOUNTLINK_POSTGRES_POOL_SIZE"] = "2"
        cli.environment["ACCOUNTLINK_REFRESH_REUSE_WINDOW"] = "86400"
        cli.environment["ACCOUNTLINK_CLIENT_CACHE_SECONDS"] = "0"
        let result = try cli.run(["migrate"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
