import Testing

@testable import Pages

/// `/signup`'s "Create the account with a passkey" (docs/passkeys.md, The web pages): inside the sign-up
/// form, hidden until the same-origin script finds WebAuthn, its texts in every language, no inline script.
@Suite struct SignUpPasskeyTests {
    func signUp(locale: String? = nil, passkey: Bool = true) -> String {
        var page = AccountFormPage(
            productName: "Acme", title: .signUpTitle, action: "/signup", csrfToken: "t1", hidden: [("interaction", "i1")],
            fields: [.init("email", .email, type: "email", autocomplete: "email"),
                     .init("password", .password, type: "password", autocomplete: "new-password")],
            submit: .createAccount, locale: locale)
        if passkey { page.passkeySignUpAction = "/signup/passkey" }
        return page.render()
    }

    @Test func theControlIsInTheSignUpFormHiddenUntilTheScriptShowsIt() throws {
        let html = signUp()
        let form = try #require(html.components(separatedBy: "<form").dropFirst().first?
            .components(separatedBy: "</form>").first)
        #expect(form.contains(#"data-passkey-action="/signup/passkey" data-passkey-options="/signup/passkey/options">"#))
        #expect(form.contains(#"<input type="hidden" name="interaction" value="i1">"#))
        #expect(form.contains("<div data-passkey-part hidden>"))
        #expect(form.contains(
            #"<button class="secondary" type="button" data-passkey="sign-up">Create the account with a passkey</button>"#))
        #expect(form.contains(#"name="flow_id""#) && form.contains(#"name="credential""#))
        #expect(everyFormHasCSRF(html, token: "t1"))
        #expect(matches(html, "<script") == 1 && html.contains(#"<script src="/static/passkey.js" defer></script>"#))
        #expect(html.contains("<p class=\"error\" data-passkey-error hidden>"))
        #expect(!html.contains("role=\"alert\""))
        let plain = signUp(passkey: false)
        #expect(!plain.contains("data-passkey") && !plain.contains("<script"))
    }

    @Test(arguments: ["de", "pt-BR", "fa", "ja"])
    func theTextsAreTranslated(locale: String) {
        let english = Messages(locale: "en"), translated = Messages(locale: locale)
        let html = signUp(locale: locale)
        for key in [Messages.Key.passkeySignUp, .passkeySignUpFailed] {
            #expect(translated[key] != english[key])
            #expect(html.contains(HTML(escaping: translated[key]).rendered))
        }
        #expect(html.contains(HTML(escaping: translated.text(.passkeySignUpNote, ["product": "Acme"])).rendered))
    }
}
