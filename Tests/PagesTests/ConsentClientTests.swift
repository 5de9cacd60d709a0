import Testing

@testable import Pages

/// docs/pages.md: Google's rules for Google's clients; any other client gets its own page.
@Suite struct ConsentClientTests {
    func other(_ locale: String = "en") -> String {
        consent {
            $0.forGoogle = false; $0.clientName = "Acme Garden Planner"; $0.locale = locale
            $0.scopeDescriptions = ["Confirm who you are", "See your email address"]
        }
    }

    @Test func anotherClientGetsItsOwnNameAndNoGoogleWording() {
        let html = other()
        #expect(html.contains("<h1>Allow Acme Garden Planner to use your Acme Lights account?</h1>"))
        #expect(html.contains("If you allow it, Acme Garden Planner will be able to:"))
        #expect(html.contains("<li>Confirm who you are</li><li>See your email address</li>"))
        #expect(html.contains(#"<button name="decision" value="allow">Allow</button>"#))
        #expect(html.contains(#"<button name="decision" value="deny">Cancel</button>"#))
        #expect(!html.contains("Google"), "no Google wording, no Google privacy link")
        #expect(!html.contains("Agree and link"))
    }

    @Test func googleClientKeepsGoogleRules() {
        let html = consent()
        #expect(html.contains("Link your Acme Lights account to Google</h1>"))
        #expect(html.contains(ConsentPage.googlePrivacyPolicyURL))
        #expect(html.contains("Once linked, Google will be able to control your devices."))
    }

    @Test(arguments: ["de", "pt-BR", "fa", "ja"])
    func translatedForEveryClient(locale: String) {
        let m = Messages(locale: locale)
        let google = consent { $0.locale = locale }
        #expect(google.contains(">\(m[.agreeAndLink])</button>") && google.contains(m[.consentAuthorization]))
        let html = other(locale)
        #expect(html.contains(">\(m[.allow])</button>") && html.contains(">\(m[.cancel])</button>"))
        #expect(!html.contains("Google"))
    }

    @Test func operatorStatementOverridesEveryLanguage() {
        let html = consent { $0.locale = "de"; $0.authorizationStatement = "Eigene Erklärung." }
        #expect(html.contains("Eigene Erklärung.") && !html.contains(Messages(locale: "de")[.consentAuthorization]))
    }

    @Test func actionsStayOnScreenOnAPhone() {
        let html = consent()
        #expect(html.contains("<div class=\"actions\">"))
        #expect(Layout.css.rendered.contains(".actions{position:sticky;inset-block-end:0"))
    }
}

@Suite struct HonestMessagesTests {
    @Test func throttledSignInSaysToWait() {
        var page = LoginPage(productName: "Acme", csrfToken: "t", failed: true)
        page.retryAfterMinutes = 5
        let html = page.render()
        #expect(html.contains("wait about 5 minutes, then try again."))
        #expect(!html.contains("incorrect"))
        page.retryAfterMinutes = 1
        #expect(page.render().contains("wait about a minute"))
        page.locale = "de"; page.retryAfterMinutes = 3
        #expect(page.render().contains("etwa 3 Minuten"))
    }

    @Test func errorPageShowsTheCodeSmallUnderneath() {
        let html = ErrorPage(title: "T", message: "What happened; what to do.", locale: "ja", code: "invalid_request").render()
        #expect(html.contains("<p class=\"code\"><small>エラーコード: invalid_request</small></p>"))
        #expect(html.contains("<html lang=\"ja\""))
        #expect(!ErrorPage(title: "T", message: "M").render().contains("class=\"code\""))
        var branded = ErrorPage(title: "T", message: "M")
        branded.productName = "Acme"
        #expect(branded.render().contains("<p class=\"product\">Acme</p>"))
    }

    @Test func landingAndNotFound() {
        let landing = LandingPage(productName: "Acme", locale: "pt-BR").render()
        #expect(landing.contains("<h1>Sua conta do Acme</h1>") && landing.contains("href=\"/account\""))
        let missing = LandingPage(productName: "Acme", locale: "fa", notFound: true).render()
        #expect(missing.contains("<h1>صفحه پیدا نشد</h1>") && missing.contains("dir=\"rtl\""))
        #expect(isStandaloneDocument(missing))
    }

    @Test func destructiveActionsLookDangerous() {
        #expect(DeleteAccountConfirmPage(email: "a@b.c", csrfToken: "d").render().contains("<button class=\"danger\""))
        let account = AccountPage(productName: "A", email: "a@b.c", signInMethods: [], linkedServices: [], csrfToken: "c")
        #expect(account.render().contains("<button class=\"danger\" type=\"submit\">Delete account</button>"))
    }

    @Test func headingsAreOrderedAndScaled() {
        let css = Layout.css.rendered
        #expect(css.contains("h1{font-size:1.5rem") && css.contains("h2{font-size:1.125rem"))
        #expect(!css.contains("left") && !css.contains("right"), "logical properties only, so RTL mirrors")
    }

    @Test func emailFieldsUseAValidAutocompleteToken() {
        // The login's email field also asks for passkey autofill (W3C WebAuthn Level 3 §5.1.4, HTML autofill `webauthn`).
        #expect(LoginPage(productName: "A", csrfToken: "t").render().contains("type=\"email\" autocomplete=\"username webauthn\""))
    }
}
