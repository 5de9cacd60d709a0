import Foundation
import Testing

@testable import Pages

@Suite struct AccountPageSignInsTests {
    let used = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC

    func page(locale: String = "en", error: AccountPage.FormError? = nil) -> String {
        var page = AccountPage(productName: "Acme", email: "a@example.com", signInMethods: [], linkedServices: [],
                               csrfToken: "ct", locale: locale)
        page.emailVerified = true
        page.signIns = [
            .init(kind: .web(ref: "r1", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36"),
                  ipAddress: "203.0.113.9", lastUsedAt: used, isCurrent: true),
            .init(kind: .app(grantID: "g1", appName: "Acme"), ipAddress: nil, lastUsedAt: used),
        ]
        page.formError = error
        return page.render()
    }

    @Test func listsSignInsWithSignOutOfOneAndOfAll() {
        let html = page()
        #expect(html.contains("Chrome on Linux") && html.contains("This device"))
        #expect(html.contains("Last used 2027-01-15 08:00 UTC") && html.contains("Place: IP address 203.0.113.9"))
        #expect(html.contains("Acme app") && html.contains("Place: unknown"))
        #expect(html.contains(#"<input type="hidden" name="session" value="r1">"#))
        #expect(html.contains(#"<input type="hidden" name="grant" value="g1">"#))
        #expect(html.contains(#"action="/account/sign-out-everywhere""#))
        #expect(everyFormHasCSRF(html, token: "ct"))
        #expect(!html.contains("<script"))
    }

    @Test func theDangerZoneComesLastAndLogOutSitsInTheHeader() {
        let html = page()
        let zone = html.components(separatedBy: "class=\"danger-zone\"")
        #expect(zone.count == 2 && zone[1].contains("/account/delete/confirm") && !zone[1].contains("/logout"))
        #expect(zone[0].contains(#"<div class="topbar"><header class="brand">"#))
        #expect(html.contains(#"<span class="badge">Confirmed</span>"#))
    }

    @Test func aRefusedFormShowsItsErrorBesideTheFieldAndKeepsTheAddress() {
        let html = page(error: .init(field: .newEmail, message: "Bad <address>", keptEmail: "x@\"y"))
        #expect(html.contains(#"id="new_email" name="new_email" type="email" autocomplete="email" value="x@&quot;y" required aria-invalid="true" aria-describedby="new_email-error">"#))
        #expect(html.contains(#"<p class="error" id="new_email-error" role="alert">Bad &lt;address&gt;</p>"#))
        #expect(!page().contains("aria-invalid"))
    }

    @Test func everyLanguageNamesTheDevice() {
        #expect(page(locale: "ja").contains("Linux の Chrome"))
        #expect(page(locale: "de").contains("Chrome auf Linux"))
        #expect(DeviceName.describe("curl/8.1", Messages(locale: "en")) == "curl")
        #expect(DeviceName.describe(nil, Messages(locale: "fa")) == Messages(locale: "fa")[.unknownDevice])
        #expect(DeviceName.describe("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Mobile Safari/604.1",
                                    Messages(locale: "en")) == "Safari on iPhone")
    }
}
