import Testing

@testable import Pages

@Suite struct MessagesTests {
    @Test func englishIsComplete() {
        for key in Messages.Key.allCases { #expect(Messages.englishTable[key] != nil, "\(key)") }
    }

    @Test(arguments: [nil, "", "en", "EN-us", "en_GB", "xx", "zz-Latn-ZZ", "de-DE"])
    func fallsBackToEnglish(locale: String?) {
        let messages = Messages(locale: locale)
        #expect(messages.locale == "en")
        #expect(messages[.agreeAndLink] == "Agree and link")
    }

    @Test func picksTheLongestMatchingTagThenFallsBackPerKey() {
        let tables: [String: [Messages.Key: String]] = [
            "en": Messages.englishTable,
            "de": [.agreeAndLink: "Zustimmen und verknüpfen", .cancel: "Abbrechen"],
            "pt-br": [.cancel: "Cancelar"],
        ]
        let german = Messages(locale: "de-AT", tables: tables)
        #expect(german.locale == "de")
        #expect(german[.agreeAndLink] == "Zustimmen und verknüpfen")
        #expect(german[.useAnotherAccount] == "Use another account")
        #expect(Messages(locale: "pt_BR", tables: tables)[.cancel] == "Cancelar")
        #expect(Messages(locale: "pt-PT", tables: tables)[.cancel] == "Cancel")
    }

    @Test func pageLanguageFollowsTheCatalog() {
        #expect(consent { $0.locale = "fr-CA" }.contains("<html lang=\"en\">"))
    }

    @Test func placeholdersAreFilledOnce() {
        let text = Messages(locale: "en").text(.signedInAs, ["email": "{email}{product}", "product": "P"])
        #expect(text == "Signed in as {email}{product}")
    }

    @Test func htmlEscapesTheFiveCharacters() {
        #expect(HTML.escape(#"&<>"'"#) == "&amp;&lt;&gt;&quot;&#39;")
        let value = "<b>"
        let html: HTML = "<p>\(value)</p>\(HTML.unsafeRaw("<hr>"))"
        #expect(html.rendered == "<p>&lt;b&gt;</p><hr>")
    }
}
