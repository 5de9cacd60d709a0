import Foundation
import Testing

@testable import Pages

/// The pages of the account-lifecycle rules (docs/accounts-and-email.md, "Taking over an account through
/// its lifecycle"): "this wasn't me" on a sign-up's link, sign-out-everywhere and the current password
/// of an email change on the account page, in every page language.
@Suite struct LifecyclePagesTests {
    static let made = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func aSignUpsLinkSaysWhenAndHowTheAccountWasMadeAndOffersThisWasntMe() {
        for language in ["en", "de", "pt-BR", "fa", "ja"] {
            let m = Messages(locale: language)
            let html = VerifyEmailPage(productName: "Acme", logoURL: nil, token: "tok", csrfToken: "t1",
                                       made: (Self.made, ["password", "apple"]), locale: language).render()
            #expect(html.contains(#"action="/verify-email""#) && html.contains(#"action="/verify-email/not-me""#))
            #expect(html.contains(m[.notMeButton].replacingOccurrences(of: "'", with: "&#39;")), "\(language)")
            #expect(html.contains("2026-05-28 20:26 UTC") && html.contains(m[.methodPassword] + ", Apple"), "\(language)")
            #expect(everyFormHasCSRF(html, token: "t1"))
        }
        let plain = VerifyEmailPage(productName: "Acme", logoURL: nil, token: "tok", csrfToken: "t1", made: nil,
                                    locale: "en").render()
        #expect(!plain.contains("/verify-email/not-me") && !plain.contains("This account was made"))
    }

    @Test func theAccountPageSignsOutEverywhereAndAsksForThePasswordToChangeTheEmail() {
        var page = AccountPage(productName: "Acme", email: "a@example.com", signInMethods: [], linkedServices: [],
                               csrfToken: "t1", locale: "de")
        page.emailVerified = false
        page.addingMethodsBlocked = true
        page.addAppleURL = "/login/apple?add=1"
        let html = page.render()
        #expect(html.contains(#"action="/account/sign-out-everywhere""#) && html.contains("Überall abmelden"))
        let emailForm = html.components(separatedBy: #"action="/account/email""#)[1].components(separatedBy: "</form>")[0]
        #expect(emailForm.contains(#"name="current_password""#))
        #expect(html.contains(Messages(locale: "de")[.msgEmailUnverified]) && !html.contains("add=1"))
        #expect(everyFormHasCSRF(html, token: "t1"))
    }
}
