import Operations
import Testing

/// README.md, The two commands: the first lines of `accountlink serve` say where it serves, the admin
/// listener, and what to do next.
@Suite struct StartupBannerTests {
    @Test func withoutClientsTheNextStepIsToAddOne() {
        let lines = StartupBanner.lines(.init(issuer: "http://127.0.0.1:8080", listening: "127.0.0.1:8080", admin: nil,
                                              clientCount: 0))
        #expect(lines[0].hasPrefix("AccountLink is serving http://127.0.0.1:8080"))
        #expect(lines[1].contains("No admin API"))
        #expect(lines[2].contains("accountlink client add"))
    }

    @Test func withAClientAndAnAdminListener() {
        let lines = StartupBanner.lines(.init(issuer: "https://auth.example.com", listening: "127.0.0.1:8080",
                                              admin: "127.0.0.1:9000", clientCount: 1))
        #expect(lines[1].hasPrefix("Admin API on http://127.0.0.1:9000/admin"))
        #expect(lines[2].hasPrefix("1 client registered"))
        #expect(!lines.joined().contains("client add"))
    }
}
