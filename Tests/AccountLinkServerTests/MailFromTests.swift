import Settings
import Testing

/// README.md, `ACCOUNTLINK_MAIL_FROM`: the default is `no-reply@` the issuer's host only when that host is
/// a domain name; otherwise there is none (mail waits), and an explicit address is taken as given.
@Suite struct MailFromTests {
    func from(_ environment: [String: String]) throws -> String {
        var all = ["ACCOUNTLINK_LISTEN": "127.0.0.1:0", "ACCOUNTLINK_DATABASE": "sqlite:/tmp/unused.sqlite"]
        all.merge(environment) { $1 }
        return try ConfigurationLoader(environment: all, flags: [:]).load().accountMail.from
    }

    @Test func theDefaultFollowsTheIssuersHostWhenItIsAName() throws {
        #expect(try from(["ACCOUNTLINK_ISSUER": "https://auth.example.com"]) == "no-reply@auth.example.com")
        #expect(try from(["ACCOUNTLINK_ISSUER": "http://127.0.0.1:8080"]) == "")
        #expect(try from(["ACCOUNTLINK_ISSUER": "http://localhost:8080"]) == "")
        #expect(try from(["ACCOUNTLINK_ISSUER": "http://127.0.0.1:8080", "ACCOUNTLINK_MAIL_FROM": "ops@example.com"])
            == "ops@example.com")
    }

    @Test(arguments: [("no-reply@example.com", true), ("no-reply@mail.example.co.uk", true),
                      ("no-reply@127.0.0.1", false), ("no-reply@localhost", false), ("@example.com", false),
                      ("a@b@example.com", false), ("x@-bad.example", false)])
    func validFromAddresses(address: String, valid: Bool) {
        #expect(MailFrom.isValid(address) == valid)
    }
}
