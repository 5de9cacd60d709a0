import AccountLinkServer
import AdminHTTP
import Foundation
import HTTPServer
import Identity
import OAuthCore
import Support
import Testing

/// One owner per rule (docs/architecture.md): every door that makes a password account refuses as
/// self-service sign-up does (AccountDirectory), and the admin API changes an account's status through the
/// CLI's flow (AccountStatusFlow). Each test fails when a second copy of the rule decides differently.
@Suite struct OneOwnerTests {
    static let adminToken = "admin-token-for-tests-0123456789abcdef"

    /// What a door made of an (email, password): accepted, or the refusal's kind.
    enum Verdict: Equatable { case accepted, invalidEmail, password, taken }

    static let table: [(email: String, password: String)] = [
        ("\tsigned-up@example.com", "a fine long passphrase"),   // a tab trimmed as white space, not a control character
        (" Mixed@Example.COM ", "a fine long passphrase"),
        ("no-at-sign.example.com", "a fine long passphrase"),
        ("pat@example", "a fine long passphrase"),
        ("short@example.com", "short"),
        ("common@example.com", "password"),
        ("same@example.com", "SAME@example.com"),
        ("cafe\u{301}@example.com", "a fine long passphrase"),
    ]

    func viaSignUp(_ app: AccountLinkApp, _ email: String, _ password: String) throws -> Verdict {
        do {
            switch try SignUpFlow(context: app.runtime.accountFlows).signUp(email: email, password: password, name: nil,
                                                                            locale: nil, clientAddress: nil) {
            case .created, .verificationSent: return .accepted
            case .alreadyRegistered: return .taken
            }
        } catch SignUpFlow.Failure.invalidEmail { return .invalidEmail } catch SignUpFlow.Failure.password { return .password }
    }

    func viaAdminAPI(_ app: AccountLinkApp, _ email: String, _ password: String) async throws -> Verdict {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        let response = await Self.admin(app, "POST", "/admin/users", body: Array(body))
        switch response.status {
        case 201: return .accepted
        case 409: return .taken
        case 400:
            let text = String(decoding: response.body, as: UTF8.self)
            return text.contains("email") && !text.contains("password") ? .invalidEmail : .password
        default: throw Harness.unexpected(response.status)
        }
    }

    static func admin(_ app: AccountLinkApp, _ method: String, _ path: String, body: [UInt8] = []) async -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Authorization", "Bearer " + Self.adminToken)
        headers.add("Content-Type", "application/json")
        return await AdminAPI(runtime: app.runtime, token: Self.adminToken)
            .respond(to: HTTPRequest(method: method, path: path, headers: headers, body: body))
    }

    @Test func passwordAccountsAreRefusedAlikeBySignUpAndTheAdminAPI() async throws {
        let signUp = try AppUnderTest(), operatorSide = try AppUnderTest()
        for (email, password) in Self.table {
            let expected = try viaSignUp(signUp.app, email, password)
            let got = try await viaAdminAPI(operatorSide.app, email, password)
            #expect(got == expected, "\(email.debugDescription) / \(password): sign-up \(expected), admin API \(got)")
        }
        let made = try signUp.app.runtime.storage.listAccounts().compactMap(\.email).sorted()
        let byAdmin = try operatorSide.app.runtime.storage.listAccounts().compactMap(\.email).sorted()
        #expect(made == byAdmin, "the same addresses, stored the same way")
        #expect(made.contains("signed-up@example.com") && made.contains("mixed@example.com"))
    }

    @Test func adminDisableIsTheCLIFlowInOneTransaction() async throws {
        let h = try AppUnderTest()
        let account = try h.app.runtime.accounts.createPasswordAccount(email: "dis@example.com", name: nil,
                                                                       password: "a fine long passphrase")
        let now = h.app.runtime.clock.now()
        try h.app.runtime.storage.insertOneTimeToken(OneTimeToken(
            hash: "reset-hash", purpose: .resetPassword, accountID: account.id, email: "dis@example.com",
            createdAt: now, expiresAt: now + 3600))
        try h.app.runtime.storage.insertSession(Session(hash: "web", accountID: account.id, csrfSecret: [1],
                                                        authTime: now, createdAt: now, expiresAt: now + 3600))
        let answer = await Self.admin(h.app, "POST", "/admin/users/\(account.id)/disable")
        #expect(answer.status == 200)
        #expect(try h.app.runtime.storage.account(id: account.id)?.status == .disabled)
        #expect(try h.app.runtime.storage.session(hash: "web") == nil, "its sign-ins end")
        #expect(try h.app.runtime.storage.oneTimeToken(hash: "reset-hash")?.usedAt != nil,
                "an open reset link dies with the disable, as with `user disable`")
        let audited = try h.app.runtime.storage.auditEvents(limit: 10).filter { $0.kind == "account.disabled" }
        #expect(audited.map(\.detail) == ["by admin-api"], "audited once, in the same transaction")
        #expect(await Self.admin(h.app, "POST", "/admin/users/\(account.id)/enable").status == 200)
        #expect(try h.app.runtime.storage.account(id: account.id)?.status == .active)
    }

    /// As the email-change flow: the folded key decides whether the address is taken (a fullwidth spelling is
    /// the same mailbox), and open one-time links die with the old address.
    @Test func adminEmailChangeFollowsTheEmailChangeLifecycle() async throws {
        let h = try AppUnderTest()
        let runtime = h.app.runtime
        let pat = try runtime.accounts.createPasswordAccount(email: "pat@example.com", name: nil, password: "a fine long passphrase")
        _ = try runtime.accounts.createPasswordAccount(email: "kim@example.com", name: nil, password: "a fine long passphrase")
        let now = runtime.clock.now()
        try runtime.storage.insertOneTimeToken(OneTimeToken(hash: "reset-pat", purpose: .resetPassword, accountID: pat.id,
                                                            email: "pat@example.com", createdAt: now, expiresAt: now + 3600))
        let taken = await Self.admin(h.app, "PATCH", "/admin/users/\(pat.id)", body: Array(#"{"email":"ｋim@example.com"}"#.utf8))
        #expect(taken.status == 409, "the fullwidth k folds to kim@example.com")
        #expect(try runtime.storage.oneTimeToken(hash: "reset-pat")?.usedAt == nil, "a refused change voids nothing")
        let moved = await Self.admin(h.app, "PATCH", "/admin/users/\(pat.id)", body: Array(#"{"email":"Pat.New@Example.com"}"#.utf8))
        #expect(moved.status == 200)
        #expect(try runtime.storage.account(id: pat.id)?.email == "pat.new@example.com")
        #expect(try runtime.storage.account(id: pat.id)?.emailVerified == false)
        #expect(try runtime.storage.identities(accountID: pat.id).map(\.subject) == ["pat.new@example.com"])
        #expect(try runtime.storage.oneTimeToken(hash: "reset-pat")?.usedAt != nil, "the old address's reset link died")
    }

    @Test func unknownJSONFieldsAreRefusedOnEveryBody() async throws {
        let h = try AppUnderTest()
        let account = try h.app.runtime.accounts.createPasswordAccount(email: "u@example.com", name: nil,
                                                                       password: "a fine long passphrase")
        for (method, path, json) in [
            ("POST", "/admin/users", #"{"email":"x@example.com","password":"a fine long passphrase","admin":true}"#),
            ("PATCH", "/admin/users/\(account.id)", #"{"name":"X","emial":"y@example.com"}"#),
            ("POST", "/admin/users/\(account.id)/password", #"{"password":"a fine long passphrase","force":1}"#),
            ("POST", "/admin/clients", #"{"id":"c","name":"C","redirect_uri":"https://c.example/cb"}"#),
            ("PATCH", "/admin/clients/c", #"{"secret":"x"}"#),
            ("POST", "/admin/scopes", #"{"name":"a.b","descriptions":{"en":"x"},"desc":"x"}"#),
            ("POST", "/admin/webhooks", #"{"url":"https://hooks.example/in","events":["account.deleted"],"secret":"x"}"#),
        ] {
            let answer = await Self.admin(h.app, method, path, body: Array(json.utf8))
            #expect(answer.status == 400, "\(method) \(path)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("unknown field"), "\(method) \(path)")
        }
    }
}

enum Harness {
    struct Unexpected: Error { let status: Int }
    static func unexpected(_ status: Int) -> Unexpected { Unexpected(status: status) }
}
