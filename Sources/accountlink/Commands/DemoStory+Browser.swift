import AppFlipKit
import Foundation
import Support

/// The browser flow (what Google opens when the user links in Google Home) and the unlink.
extension DemoStory {
    func linkInBrowser() async throws -> String {
        heading("Link the account in a browser",
                "Google sends the user to the maker's /authorize page; a scripted browser signs in and agrees.")
        let browser = ScriptedBrowser(base: world.base, http: http)
        let state = "demo-" + AppFlipSimulation.randomHex(12)
        let query = AppFlipQuery.encode([("response_type", "code"), ("client_id", "google"),
                                         ("redirect_uri", webRedirect), ("scope", scopes.joined(separator: " ")),
                                         ("state", state)])
        let login = try await browser.get(url("/authorize?" + query))
        say("GET /authorize?response_type=code&client_id=google&… → HTTP \(login.response.status), the login page")
        let consent = try await signIn(browser, on: login)
        let (code, label) = try await agree(browser, on: consent, state: state)
        record("Browser flow: login page, consent page, \"\(label)\"", "code for Google")
        return code
    }

    /// Fills in the login form read from the page (docs/pages.md: fields `email` and `password`).
    func signIn(_ browser: ScriptedBrowser, on login: ScriptedBrowser.Page) async throws -> ScriptedBrowser.Page {
        guard let form = login.forms.first(where: { $0.has(field: "password") }) else {
            throw SimulationFailure("GET /authorize showed no login form (HTTP \(login.response.status))")
        }
        let consent = try await browser.submit(form, on: login, ["email": email, "password": password])
        say("POST the login form (\(email)) → HTTP \(consent.response.status), the consent page")
        return consent
    }

    /// Presses `<button name="decision" value="allow">` and reads Google's redirect: code and state.
    func agree(_ browser: ScriptedBrowser, on consent: ScriptedBrowser.Page, state: String) async throws
        -> (code: String, label: String)
    {
        guard let form = consent.forms.first(where: { form in form.buttons.contains { $0.value == "allow" } }),
            let button = form.buttons.first(where: { $0.value == "allow" })
        else { throw SimulationFailure("signing in showed no consent page (HTTP \(consent.response.status))") }
        let back = try await browser.submit(form, on: consent, [:], button: ("decision", "allow"))
        guard let location = back.response.location, location.hasPrefix(webRedirect + "?"),
            let returnURL = URL(string: location), let response = try? AppFlipResponse(returnURL: returnURL),
            case .success(let code, let returnedState) = response,
            returnedState.sameBytes(state)  // protocol values compare as bytes
        else { throw SimulationFailure("consent did not redirect to Google with a code: HTTP \(back.response.status)") }
        say("press \"\(button.label)\" → HTTP \(back.response.status) to \(webRedirect)?code=…&state=… (state intact)")
        return (code, button.label)
    }

    func exchange(_ code: String) async throws -> AppFlipSimulation.Linked {
        heading("Google exchanges the code for tokens", "Server to server: POST /token with Google's id and secret.")
        let linked = try await google(report: StepReporter(indent: "   ", numbered: false, write: write))
            .googleRedeems(code: code, redirectURI: webRedirect)
        record("Code exchanged at /token", "access + refresh token")
        return linked
    }

    func refreshBrowserLink(_ refreshToken: String) async throws {
        heading("Google refreshes the browser link's token", "Access tokens expire; Google uses the refresh token.")
        try await google(report: StepReporter(indent: "   ", numbered: false, write: write)).googleRefreshes(refreshToken)
        record("Refresh of the browser link", "new access token")
    }

    func unlinkOnAccountPage() async throws {
        heading("The user unlinks Google on the account page", "Signed in at /login, the user presses Unlink next to Google.")
        let browser = ScriptedBrowser(base: world.base, http: http)
        let login = try await browser.get(url("/login?next=%2Faccount"))
        guard let form = login.forms.first(where: { $0.has(field: "password") }) else {
            throw SimulationFailure("GET /login showed no login form")
        }
        var page = try await browser.submit(form, on: login, ["email": email, "password": password])
        var unlinked = 0
        while let form = googleUnlinkForm(page.response.text), unlinked < 5 {
            page = try await browser.submit(form, on: page, [:])
            unlinked += 1
        }
        guard unlinked > 0 else { throw SimulationFailure("the account page listed no link with Google") }
        say("signed in, GET /account, pressed Unlink on \(unlinked) link(s) with Google; none is listed any more")
        record("Unlinked Google on the account page", "\(unlinked) grant(s) revoked")
    }

    /// The unlink form in the account page's `<li>` for Google (Pages/AccountPage.swift).
    func googleUnlinkForm(_ html: String) -> HTMLForm? {
        html.components(separatedBy: "<li>").first { $0.hasPrefix("<strong>Google</strong>") }
            .flatMap { HTMLForms.parse($0).first { $0.has(field: "grant_id") } }
    }

    func refreshesNowFail(_ refreshTokens: [String]) async throws {
        heading("Google tries to refresh again", "After unlinking, every refresh token Google holds must stop working.")
        let simulation = google(report: StepReporter(indent: "   ", numbered: false, write: write))
        for (name, token) in zip(["browser link", "App Flip link"], refreshTokens) {
            let answer = try await simulation.refresh(token)
            guard answer.status == 400, answer.string("error") == "invalid_grant" else {
                throw SimulationFailure("the \(name)'s refresh after unlinking answered HTTP \(answer.status) \(answer.text)")
            }
            say("\(name): POST /token grant_type=refresh_token → HTTP 400 invalid_grant")
        }
        record("Google's refreshes after the unlink", "invalid_grant (link broken)")
    }

    func google(report: StepReporter) -> AppFlipSimulation {
        AppFlipSimulation(
            settings: .init(server: world.base, appLink: world.base, googleClientID: "google", googleSecret: googleSecret,
                            appClientID: "app", email: nil, password: nil, scopes: scopes,
                            googleRedirectURI: webRedirect, variant: .success),
            http: http, report: report)
    }
}
