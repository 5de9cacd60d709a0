import Testing

/// The cookies the HTTP layer writes (RFC 6265 §4.1.2): never readable by scripts, not sent on
/// cross-site subrequests, and only over TLS when the issuer is https.
@Suite struct CookieTests {
    @Test func theLoginCookieIsHttpOnlyAndLaxAndNotSecureOnLoopbackHTTP() async throws {
        let app = try AppUnderTest()
        let page = await app.send("GET", "/login")
        let line = try #require(page.headers.values("Set-Cookie").first { $0.hasPrefix(AppUnderTest.CookieName.login + "=") })
        let attributes = AppUnderTest.attributes(line)
        #expect(attributes.contains("HttpOnly"))
        #expect(attributes.contains("SameSite=Lax"))
        #expect(attributes.contains("Path=/"))
        #expect(!attributes.contains("Secure"))
    }

    @Test func everyCookieIsSecureOnAnHTTPSIssuer() async throws {
        let app = try AppUnderTest(issuer: "https://login.example.com")
        try app.addPersonAndApp()
        let login = try #require(await app.send("GET", "/login").headers.values("Set-Cookie").first)
        #expect(login.hasPrefix(AppUnderTest.CookieName.secureLogin + "="))
        #expect(AppUnderTest.attributes(login).contains("Secure"))
        #expect(AppUnderTest.attributes(login).contains("Path=/"))
        #expect(!AppUnderTest.attributes(login).contains { $0.hasPrefix("Domain") })
        let session = try await app.signIn()
        #expect(AppUnderTest.attributes(session).contains("Secure"))
        #expect(AppUnderTest.attributes(session).contains("HttpOnly"))
        #expect(AppUnderTest.attributes(session).contains("SameSite=Lax"))
    }

    /// The session cookie's value is the session, signed in by the form; a wrong one is no session.
    @Test func theSessionCookieOpensTheAccountPageAndAnotherValueDoesNot() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let line = try await app.signIn()
        let session = String(line.dropFirst(AppUnderTest.CookieName.session.count + 1).prefix { $0 != ";" })
        #expect(AppUnderTest.attributes(line).contains("HttpOnly"))
        #expect(!AppUnderTest.attributes(line).contains("Secure"))
        #expect(await app.send("GET", "/account", cookies: [AppUnderTest.CookieName.session: session]).status == 200)
        let forged = await app.send("GET", "/account", cookies: [AppUnderTest.CookieName.session: session + "x"])
        #expect(forged.status == 303)
        #expect(forged.headers["Location"]?.hasPrefix("/login") == true)
    }
}
