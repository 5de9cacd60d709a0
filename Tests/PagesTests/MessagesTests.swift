import Testing

@testable import Pages

@Suite struct MessagesTests {
    @Test func englishIsComplete() {
        for key in Messages.Key.allCases { #expect(Messages.englishTable[key] != nil, "\(key)") }
    }

    @Test(arguments: [nil, "", "en", "EN-us", "en_GB", "xx", "zz-Latn-ZZ", "fr-FR"])
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
        #expect(consent { $0.locale = "fr-CA" }.contains("<html lang=\"en\" dir=\"ltr\">"))
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

/// Google's own wording of the consent buttons in the languages of its App Flip pages
/// (https://developers.google.com/identity/account-linking/app-flip-ios, ?hl=de, ?hl=pt-br, ?hl=ja).
@Suite struct TranslatedConsentTests {
    @Test(arguments: [("de-DE", "Zustimmen und verknüpfen", "Abbrechen"), ("pt-BR", "Concordar e vincular", "Cancelar"),
                      ("pt_BR", "Concordar e vincular", "Cancelar"), ("en-US", "Agree and link", "Cancel")])
    func buttonsKeepTheirNamesAndTranslateTheirLabels(locale: String, agree: String, cancel: String) {
        let html = consent { $0.locale = locale }
        #expect(html.contains("<button name=\"decision\" value=\"allow\">\(agree)</button>"))
        #expect(html.contains("<button name=\"decision\" value=\"deny\">\(cancel)</button>"))
        #expect(html.contains("https://policies.google.com/privacy"))
    }

    @Test func translationsHaveNoStrayPlaceholders() {
        for (tag, table) in Messages.tables {
            for (key, text) in table {
                let english = Messages.englishTable[key] ?? ""
                let names = { (s: String) in
                    Set(s.split(separator: "{", omittingEmptySubsequences: false).dropFirst()
                        .compactMap { $0.split(separator: "}").first })
                }
                #expect(names(text) == names(english), "\(tag) \(key): \(text)")
            }
        }
    }
}
