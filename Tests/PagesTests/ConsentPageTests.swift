import Testing

@testable import Pages

// Google's consent-screen rules (Cloud-to-cloud authorization page; App Flip guidelines).
@Suite struct ConsentPageTests {
    @Test func hasExactlyTheTwoDecisionButtons() {
        let html = consent()
        #expect(matches(html, #"<button[^>]*name="decision" value="allow">Agree and link</button>"#) == 1)
        #expect(matches(html, #"<button[^>]*name="decision" value="deny">Cancel</button>"#) == 1)
        #expect(matches(html, "<button") == 2)
        #expect(html.contains(#"<button name="decision" value="allow">Agree and link</button>"#))
        #expect(html.contains(#"<button name="decision" value="deny">Cancel</button>"#))
    }

    @Test func linksToGoogleNotAGoogleProduct() {
        let html = consent()
        #expect(html.contains("Link your Acme Lights account to Google</h1>"))
        #expect(!html.contains("Google Home"))
        #expect(!html.contains("Google Assistant"))
        #expect(!html.localizedCaseInsensitiveContains("assistant"))
    }

    @Test func carriesTheAuthorizationStatement() {
        #expect(consent().contains("Once linked, Google will be able to control your devices."))
        let custom = consent { $0.authorizationStatement = "By linking, Google may read your <meter>." }
        #expect(custom.contains("By linking, Google may read your &lt;meter&gt;."))
        #expect(!custom.contains("Once linked"))
    }

    @Test func saysWhichDataIsShared() {
        let html = consent {
            $0.scopeDescriptions = ["See your thermostat, to show it.", "Change it, to heat."]
        }
        #expect(html.contains("<li>See your thermostat, to show it.</li><li>Change it, to heat.</li>"))
        #expect(consent { $0.scopeDescriptions = [] }.contains("No personal data beyond your account link."))
    }

    @Test func linksPrivacyPolicyUnlinkAndSwitchAccount() {
        let html = consent()
        #expect(html.contains(#"<a href="https://policies.google.com/privacy">Google Privacy Policy</a>"#))
        #expect(matches(html, #"<a href="/account">[^<]*unlink[^<]*</a>"#) == 1)
        #expect(html.contains(#"<a href="/login?interaction=int-9&amp;switch=1">Use another account</a>"#))
        #expect(html.contains("Signed in as ana@example.com."))
    }

    @Test func showsLogoAndName() {
        let html = consent()
        #expect(html.contains(#"<img class="logo" src="https://acme.example/logo.png""#))
        #expect(html.contains(#"<p class="product">Acme Lights</p>"#))
        #expect(!consent { $0.logoURL = nil }.contains("<img"))
    }

    @Test func formCarriesCSRFAndInteraction() {
        let html = consent()
        #expect(everyFormHasCSRF(html, token: "csrf123"))
        #expect(html.contains(#"<input type="hidden" name="interaction" value="int-9">"#))
        #expect(html.contains(#"<form method="post" action="/authorize">"#))
        #expect(isStandaloneDocument(html))
    }

    @Test func escapesEveryField() {
        let html = consent {
            $0.productName = hostile
            $0.accountEmail = hostile
            $0.scopeDescriptions = [hostile]
            $0.authorizationStatement = hostile
            $0.csrfToken = hostile
            $0.interactionID = hostile
        }
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains(escapedHostile))
    }

    @Test func refusesScriptURLs() {
        let html = consent {
            $0.logoURL = "javascript:alert(1)"
            $0.switchAccountURL = "//evil.example/x"
            $0.action = "data:text/html,x"
        }
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("//evil.example"))
        #expect(!html.contains("data:"))
    }
}
