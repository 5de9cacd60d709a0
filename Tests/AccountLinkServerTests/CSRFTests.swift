import Testing

/// Every form post carries a CSRF token bound to the browser (docs/pages.md, Web forms): without it,
/// or with another, the post is refused and changes nothing.
@Suite struct CSRFTests {
    @Test(arguments: [nil, "", "not-the-token"])
    func aLoginPostWithoutTheRightTokenIsRefused(token: String?) async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let (cookie, _) = try await app.loginForm()
        var form = [("email", AppUnderTest.email), ("password", AppUnderTest.password)]
        if let token { form.append(("csrf_token", token)) }
        let answer = await app.send("POST", "/login", form: form, cookies: [AppUnderTest.CookieName.login: cookie])
        #expect(answer.status == 403)
        #expect(AppUnderTest.cookie(AppUnderTest.CookieName.session, in: answer) == nil)
    }

    /// The token belongs to the browser's own login cookie: another browser's token does not pass.
    @Test func anotherBrowsersTokenIsRefusedAndTheOwnPasses() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let (mine, _) = try await app.loginForm()
        let (_, theirs) = try await app.loginForm()
        let form = [("email", AppUnderTest.email), ("password", AppUnderTest.password)]
        let refused = await app.send("POST", "/login", form: form + [("csrf_token", theirs)],
                                     cookies: [AppUnderTest.CookieName.login: mine])
        #expect(refused.status == 403)
        let noCookie = await app.send("POST", "/login", form: form + [("csrf_token", theirs)])
        #expect(noCookie.status == 403)
        _ = try await app.signIn()
    }

    /// A signed-in form (sign out) needs the session's own token; with a wrong one the session lives on.
    @Test func aSignedInFormWithAWrongTokenIsRefusedAndTheSessionStays() async throws {
        let app = try AppUnderTest()
        try app.addPersonAndApp()
        let line = try await app.signIn()
        let session = [AppUnderTest.CookieName.session: String(line.dropFirst(AppUnderTest.CookieName.session.count + 1)
            .prefix { $0 != ";" })]
        let page = await app.send("GET", "/account", cookies: session)
        let token = try #require(AppUnderTest.hiddenValue("csrf_token", in: page.text))
        let refused = await app.send("POST", "/logout", form: [("csrf_token", token + "x")], cookies: session)
        #expect(refused.status == 403)
        #expect(await app.send("GET", "/account", cookies: session).status == 200)
        let accepted = await app.send("POST", "/logout", form: [("csrf_token", token)], cookies: session)
        #expect(accepted.status == 303)
        #expect(await app.send("GET", "/account", cookies: session).status == 303)
    }

    /// The self-service forms outside a session check it too: sign-up makes no account with a forged
    /// token, a forgotten-password request is refused.
    @Test func aSignUpWithAForgedTokenIsRefusedAndMakesNoAccount() async throws {
        let app = try AppUnderTest()
        let (cookie, _) = try await app.loginForm()
        let answer = await app.send("POST", "/signup", form: [("email", "new@example.com"), ("password", AppUnderTest.password),
                                                             ("name", "New"), ("csrf_token", "forged")],
                                    cookies: [AppUnderTest.CookieName.login: cookie])
        #expect(answer.status == 403)
        #expect(try app.app.runtime.storage.account(email: "new@example.com") == nil)
    }

    /// Sign-up with a passkey on `/signup` (docs/passkeys.md, The web pages): neither the options nor the
    /// credential post passes without the page's own token, and no account is made; with it, the options come.
    @Test(arguments: [nil, "", "forged"])
    func aPasskeySignUpWithoutTheTokenIsRefusedAndMakesNoAccount(token: String?) async throws {
        let app = try AppUnderTest()
        let (cookie, good) = try await app.loginForm()
        let browser = [app.loginCookie: cookie]
        var form = [("email", "new@example.com")]
        if let token { form.append(("csrf_token", token)) }
        let options = await app.send("POST", "/signup/passkey/options", form: form, cookies: browser)
        #expect(options.status == 403)
        let finish = await app.send("POST", "/signup/passkey", form: form + [("flow_id", "f"), ("credential", "{}")],
                                    cookies: browser)
        #expect(finish.status == 403)
        #expect(AppUnderTest.cookie(AppUnderTest.CookieName.session, in: finish) == nil)
        #expect(try app.app.runtime.storage.account(email: "new@example.com") == nil)
        let accepted = await app.send("POST", "/signup/passkey/options",
                                      form: [("email", "new@example.com"), ("csrf_token", good)], cookies: browser)
        #expect(accepted.status == 200)
        #expect(accepted.text.contains("\"flow_id\""))
    }

    @Test func aForgottenPasswordRequestWithoutTheTokenIsRefused() async throws {
        let app = try AppUnderTest()
        let (cookie, _) = try await app.loginForm()
        let answer = await app.send("POST", "/password/forgot", form: [("email", AppUnderTest.email)],
                                    cookies: [AppUnderTest.CookieName.login: cookie])
        #expect(answer.status == 403)
    }
}
