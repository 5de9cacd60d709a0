import Foundation
import Testing

@testable import Pages

@Suite struct LoginPageTests {
    func login(_ edit: (inout LoginPage) -> Void = { _ in }) -> String {
        var page = LoginPage(productName: "Acme", csrfToken: "t1", interactionID: "i1")
        edit(&page)
        return page.render()
    }

    @Test func hasTheContractFields() {
        let html = login()
        #expect(html.contains(#"<form method="post" action="/login">"#))
        #expect(html.contains(#"name="email" type="email""#))
        #expect(html.contains(#"name="password" type="password""#))
        #expect(html.contains(#"<input type="hidden" name="interaction" value="i1">"#))
        #expect(everyFormHasCSRF(html, token: "t1"))
        #expect(isStandaloneDocument(html))
        #expect(!html.contains("role=\"alert\""))
        #expect(!login { $0.interactionID = nil }.contains("name=\"interaction\""))
    }

    @Test func errorIsGeneric() {
        let html = login {
            $0.failed = true; $0.email = "nobody@example.com"
        }
        #expect(html.contains("<p class=\"error\" role=\"alert\">The email or password is incorrect.</p>"))
        #expect(!html.localizedCaseInsensitiveContains("not found"))
        #expect(!html.localizedCaseInsensitiveContains("no account"))
    }

    @Test func vendorButtons() {
        #expect(!login().contains("Sign in with"))
        let html = login {
            $0.appleSignInURL = "/login/apple"; $0.googleSignInURL = "/login/google"
        }
        #expect(
            matches(
                html,
                #"<a class="button apple-black" href="/login/apple"[^>]*><svg.*?</svg><span>Sign in with Apple</span></a>"#
            ) == 1)
        #expect(
            matches(
                html,
                #"<a class="button google" href="/login/google"[^>]*><svg.*?#4285F4.*?</svg><span>Sign in with Google</span></a>"#
            ) == 1)
        #expect(
            login {
                $0.appleSignInURL = "/a"; $0.appleButtonStyle = .white
            }.contains("apple-white"))
    }

    @Test func escapesEveryField() {
        let html = login {
            $0.productName = hostile; $0.email = hostile; $0.csrfToken = hostile
            $0.interactionID = hostile; $0.failed = true
        }
        #expect(!html.contains("<script") && !html.contains("<img src=x"))
        #expect(html.contains(escapedHostile))
    }
}

@Suite struct AccountPagesTests {
    let linked = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 UTC

    func account(methods: Int = 2, name: String = "Ana", text: String = "x") -> String {
        let all = [
            AccountPage.SignInMethod(id: "m1", provider: "Password", email: text),
            AccountPage.SignInMethod(id: "m2", provider: "Apple", email: "r@privaterelay.appleid.com"),
        ]
        return AccountPage(
            productName: "Acme", email: text, name: name, signInMethods: Array(all.prefix(methods)),
            linkedServices: [
                .init(
                    grantID: "g" + text, clientName: "Google " + text,
                    scopes: ["devices", text], linkedAt: linked)
            ],
            csrfToken: "ct"
        ).render()
    }

    @Test func listsMethodsServicesAndForms() {
        let html = account()
        #expect(html.contains("Linked on 2027-01-15"))
        #expect(matches(html, #"<input type="hidden" name="method_id" value="m\d">"#) == 2)
        #expect(html.contains(#"<form class="inline" method="post" action="/account/unlink">"#))
        #expect(html.contains(#"<input type="hidden" name="grant_id" value="gx">"#))
        #expect(html.contains(">Unlink</button>") && html.contains(">Delete account</button>"))
        #expect(html.contains(#"action="/logout""#))
        #expect(html.contains(#"<form method="post" action="/account/delete/confirm">"#))
        #expect(!html.contains("method=\"get\""))
        #expect(everyFormHasCSRF(html, token: "ct"))
        #expect(isStandaloneDocument(html))
    }

    @Test func lastMethodCannotBeRemoved() {
        #expect(!account(methods: 1).contains("name=\"method_id\""))
    }

    @Test func escapesEveryField() {
        let html = account(name: hostile, text: hostile)
        #expect(!html.contains("<script") && !html.contains("<img src=x"))
        #expect(html.contains(escapedHostile))
    }

    @Test func deleteConfirmation() {
        let html = DeleteAccountConfirmPage(email: hostile, csrfToken: "d1").render()
        #expect(html.contains(#"<form method="post" action="/account/delete">"#))
        #expect(html.contains(#"<a class="button secondary" href="/account">"#))
        #expect(everyFormHasCSRF(html, token: "d1"))
        #expect(!html.contains("<script") && html.contains(escapedHostile))
    }

    @Test func linkAccountPage() {
        let html = LinkAccountPage(
            productName: "Acme", email: "ana@example.com", csrfToken: "l1",
            linkToken: "lt"
        ).render()
        #expect(html.contains("ana@example.com already has an account with Acme: sign in to link it."))
        #expect(html.contains(#"<input type="hidden" name="link_token" value="lt">"#))
        #expect(everyFormHasCSRF(html, token: "l1"))
        let bad = LinkAccountPage(
            productName: hostile, email: hostile, csrfToken: hostile, linkToken: hostile
        ).render()
        #expect(!bad.contains("<script") && bad.contains(escapedHostile))
    }

    @Test func errorPage() {
        let html = ErrorPage(title: hostile, message: hostile).render()
        #expect(!html.contains("<script") && html.contains(escapedHostile))
        #expect(!html.contains("<form"))
        #expect(isStandaloneDocument(html))
    }
}
