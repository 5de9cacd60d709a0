import AccountLinkServer
import Foundation
import HTTPServer
import OAuthCore
import Operations
import Settings
import Support
import Testing

/// The AccountLink app as `accountlink serve` builds it (configuration, SQLite store in a temporary
/// folder, `AccountLinkApp.responder()`), driven in process: a request value in, the response value
/// out, no socket. `overLoopback` serves the same responder through the real HTTP server, for what
/// only the server adds on the way out (docs/hardening.md: the default security headers).
final class AppUnderTest: Sendable {
    static let email = "pat@example.com"
    static let password = "correct horse battery staple"
    static let appClientID = "app"
    /// The loopback server's own threads (HTTPServer.Configuration.executor): a request never waits for
    /// Swift's pool, which tests elsewhere in the process may hold while they wait on a server.
    static let threads = StoreThreads(limit: 8, name: "app-http")

    let folder: URL
    /// The pre-session form cookie's name: `__Host-` on an https issuer (Cookies.swift, `loginName`).
    let loginCookie: String
    let app: AccountLinkApp
    let responder: any HTTPResponder

    init(issuer: String = "http://127.0.0.1") throws {
        loginCookie = issuer.hasPrefix("https://") ? CookieName.secureLogin : CookieName.login
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("accountlink-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let environment = [
            "ACCOUNTLINK_LISTEN": "127.0.0.1:0", "ACCOUNTLINK_ISSUER": issuer,
            "ACCOUNTLINK_DATABASE": "sqlite:" + folder.appendingPathComponent("accountlink.sqlite").path,
            "ACCOUNTLINK_MASTER_KEY": Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString(),
            "ACCOUNTLINK_LOG_LEVEL": "error",
        ]
        let configuration = try ConfigurationLoader(environment: environment, flags: [:]).load()
        app = try AccountLinkApp(runtime: try Runtime.open(configuration, logger: .silent))
        responder = app.responder()
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A person who can sign in with a password, and a public first-party app that may use the password grant.
    func addPersonAndApp() throws {
        _ = try app.runtime.accounts.createPasswordAccount(email: Self.email, name: "Pat", password: Self.password)
        var client = ClientRegistration(id: Self.appClientID, name: "Smart Home app")
        (client.isPublic, client.firstParty, client.scopes) = (true, true, ["openid"])
        _ = try client.register(app.runtime, actor: "test")
    }

    func send(_ method: String, _ path: String, query: String = "", form: [(String, String)]? = nil,
              cookies: [String: String] = [:]) async -> HTTPResponse {
        var headers = HTTPHeaders()
        if let form { headers.add("Content-Type", "application/x-www-form-urlencoded") }
        if !cookies.isEmpty {
            headers.add("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        let body = form.map { Array(FormParameters($0).encoded.utf8) } ?? []
        return await responder.respond(to: HTTPRequest(method: method, path: path, rawQuery: query, headers: headers,
                                                       body: body))
    }

    /// The login page's cookie and the CSRF token its form carries.
    func loginForm() async throws -> (cookie: String, csrf: String) {
        let page = await send("GET", "/login")
        let cookie = try #require(Self.cookie(loginCookie, in: page))
        return (cookie, try #require(Self.hiddenValue("csrf_token", in: page.text)))
    }

    /// Signs `email` in through the login form and returns the session cookie's whole Set-Cookie line.
    func signIn() async throws -> String {
        let (cookie, csrf) = try await loginForm()
        let answer = await send("POST", "/login", form: [("email", Self.email), ("password", Self.password),
                                                        ("csrf_token", csrf)], cookies: [loginCookie: cookie])
        #expect(answer.status == 303)
        return try #require(answer.headers.values("Set-Cookie").first { $0.hasPrefix(CookieName.session + "=") })
    }

    /// The same responder behind the real HTTP server on 127.0.0.1, stopped when `body` returns (on a
    /// thread of its own: shutdown waits for requests in flight, which need Swift's pool).
    func overLoopback<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadCount: 1)
        configuration.executor = Self.threads
        let server = HTTPServer(configuration: configuration, responder: responder, logger: .silent)
        try server.start()
        let result: Result<T, any Error>
        do { result = .success(try await body(URL(string: "http://127.0.0.1:\(server.boundPort)")!)) } catch {
            result = .failure(error)
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                server.shutdown()
                done.resume()
            }
        }
        return try result.get()
    }

    enum CookieName {
        static let login = "al_login"
        static let secureLogin = "__Host-al_login"
        static let session = "al_session"
    }

    /// The value of the cookie `name` that `response` sets.
    static func cookie(_ name: String, in response: HTTPResponse) -> String? {
        guard let line = response.headers.values("Set-Cookie").first(where: { $0.hasPrefix(name + "=") }) else { return nil }
        return String(line.dropFirst(name.count + 1).prefix { $0 != ";" })
    }

    /// A Set-Cookie line's attributes after the value, as written (`HttpOnly`, `SameSite=Lax`, …).
    static func attributes(_ line: String) -> [String] {
        line.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let field = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(html[field.upperBound...].prefix { $0 != "\"" })
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}
