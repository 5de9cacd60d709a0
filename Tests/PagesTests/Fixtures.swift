import Foundation
import Pages

/// A value that breaks out of every HTML context if it is not escaped.
let hostile = "\"><script>alert('x')</script>&amp;<img src=x onerror=alert(1)>"
let escapedHostile =
    "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;&lt;img src=x onerror=alert(1)&gt;"

func matches(_ html: String, _ pattern: String) -> Int {
    let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
    return regex.numberOfMatches(in: html, range: NSRange(html.startIndex..., in: html))
}

/// Every `<form>` of `html` carries the hidden `csrf_token` field (docs/pages.md).
func everyFormHasCSRF(_ html: String, token: String) -> Bool {
    let forms = html.components(separatedBy: "<form").dropFirst()
    let field = "<input type=\"hidden\" name=\"csrf_token\" value=\"\(token)\">"
    return !forms.isEmpty
        && forms.allSatisfy { form in
            form.components(separatedBy: "</form>")[0].contains(field)
        }
}

/// A well-formed small document: doctype, lang, charset, title, and no remote script or font.
func isStandaloneDocument(_ html: String) -> Bool {
    html.hasPrefix("<!DOCTYPE html>\n<html lang=\"") && html.contains("<meta charset=\"utf-8\">")
        && html.contains("<title>") && html.hasSuffix("</html>\n") && !html.contains("<script")
        && !html.contains("@import") && !html.contains("<link")
        && matches(html, "<main id=\"content\">") == 1 && matches(html, "</main>") == 1
        && html.contains("<a class=\"skip\" href=\"#content\">")  // the skip link to the main content
}

func consent(_ edit: (inout ConsentPage) -> Void = { _ in }) -> String {
    var page = ConsentPage(
        productName: "Acme Lights", logoURL: "https://acme.example/logo.png",
        accountEmail: "ana@example.com",
        scopeDescriptions: ["Turn your lights on and off, so Google can control them."],
        csrfToken: "csrf123", interactionID: "int-9",
        switchAccountURL: "/login?interaction=int-9&switch=1")
    edit(&page)
    return page.render()
}
