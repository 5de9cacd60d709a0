import Foundation
import Testing

@testable import Pages

/// docs/pages.md: one catalog, five complete languages, the right `lang` and direction, and the
/// language chosen in the documented order.
@Suite struct LanguagesTests {
    @Test(arguments: Messages.languages.map(\.tag))
    func everyLanguageIsComplete(tag: String) {
        let table = Messages.tables[tag.lowercased()] ?? [:]
        let missing = Messages.Key.allCases.filter { (table[$0] ?? "").isEmpty }
        #expect(missing.isEmpty, "\(tag) lacks \(missing.map(\.rawValue))")
    }

    @Test func aMissingKeyIsFound() {
        var table = Messages.tables["de"] ?? [:]
        table[.cancel] = nil
        #expect(Messages.Key.allCases.filter { table[$0] == nil } == [.cancel])
    }

    @Test(arguments: [("en", "en", "ltr"), ("de-DE", "de", "ltr"), ("pt_BR", "pt-BR", "ltr"), ("pt", "pt-BR", "ltr"),
                      ("fa-IR", "fa", "rtl"), ("ja-JP", "ja", "ltr"), ("fr-CA fa", "fa", "rtl")])
    func langAndDirection(locale: String, tag: String, dir: String) {
        let html = consent { $0.locale = locale }
        #expect(html.contains("<html lang=\"\(tag)\" dir=\"\(dir)\">"))
    }

    @Test func translationsDifferFromEnglish() {
        for language in Messages.languages where language.tag != "en" {
            let m = Messages(locale: language.tag)
            for key: Messages.Key in [.signInTitle, .agreeAndLink, .cancel, .deleteConfirm, .notFoundTitle, .allow, .consentAuthorization] {
                #expect(m[key] != Messages.englishTable[key], "\(language.tag) \(key) is English")
            }
        }
    }

    @Test func googleWordingFromTheSeeds() {
        #expect(Messages(locale: "de")[.agreeAndLink] == "Zustimmen und verknüpfen")
        #expect(Messages(locale: "pt-BR")[.agreeAndLink] == "Concordar e vincular")
        #expect(Messages(locale: "pt-BR")[.consentAuthorization]
            == "Depois de vinculada, o Google terá permissão para controlar seus dispositivos.")
        #expect(Messages(locale: "fa")[.signInWithGoogle] == "ورود با گوگل")
        #expect(Messages(locale: "ja")[.signInWithApple] == "Apple でサインイン")
    }

    @Test func choiceOrder() {
        let all = LanguageChoice(explicit: "ja", requested: "de-DE", acceptLanguage: "fa")
        #expect(all.tag == "ja")
        #expect(LanguageChoice(explicit: "xx", requested: "de-DE", acceptLanguage: "fa").tag == "de")
        #expect(LanguageChoice(requested: "fr-CA pt-BR", acceptLanguage: "fa").tag == "pt-BR")
        #expect(LanguageChoice(requested: "fr", acceptLanguage: "fr;q=1, fa;q=0.5, de;q=0.8").tag == "de")
        #expect(LanguageChoice(acceptLanguage: "de;q=0, *;q=0.5").tag == "en")
        #expect(LanguageChoice(acceptLanguage: "en-GB, de").tag == "en")
        #expect(LanguageChoice().tag == "en")
    }

    @Test func supportedTags() {
        #expect(Messages.supportedTags == ["en", "de", "pt-BR", "fa", "ja"])
        #expect(LanguageChoice.supported("EN-us") == "en")
        #expect(LanguageChoice.supported("es") == nil)
    }

    @Test func everyPageHasTheSwitchAndFooter() {
        var page = LoginPage(productName: "Acme", csrfToken: "t", interactionID: "i", locale: "fa")
        page.frame = PageFrame(privacyURL: "https://acme.example/privacy", termsURL: "https://acme.example/terms",
                               languageSwitchURL: "/authorize/resume?interaction=i")
        let html = page.render()
        for language in Messages.languages {
            #expect(html.contains("href=\"/authorize/resume?interaction=i&amp;lang=\(language.tag)\" hreflang=\"\(language.tag)\""))
        }
        #expect(html.contains("lang=\"fa\" aria-current=\"true\">فارسی</a>"))
        #expect(html.contains("<a href=\"https://acme.example/privacy\">حریم خصوصی</a>"))
        #expect(html.contains("<a href=\"https://acme.example/terms\">شرایط استفاده</a>"))
        #expect(!LoginPage(productName: "A", csrfToken: "t").render().contains("class=\"policies\""))
    }

    @Test func accentColourOnlyWhenItIsAColour() {
        var page = LandingPage(productName: "Acme")
        page.frame.accentColor = "#0b5cad"
        #expect(page.render().contains(":root{--accent:#0b5cad}"))
        page.frame.accentColor = "red;}body{display:none"
        #expect(!page.render().contains("display:none"))
    }
}

/// The sign-up issue's texts wait here for their keys; each has four languages with the same placeholders.
@Suite struct AccountTextsTests {
    @Test func everyEntryHasFourLanguagesWithTheSamePlaceholders() {
        let names = { (s: String) in
            Set(s.split(separator: "{", omittingEmptySubsequences: false).dropFirst()
                .compactMap { $0.split(separator: "}").first.map(String.init) })
        }
        for (name, texts) in Messages.accountTexts {
            #expect(texts.count == Messages.accountTextLanguages.count && texts.allSatisfy { !$0.isEmpty }, "\(name)")
            #expect(Set(texts.map(names)).count == 1, "\(name): placeholders differ")
        }
    }

    @Test func textsJoinOnlyKeysThatExist() {
        let table = Messages.withAccountTexts([.cancel: "Abbrechen"], "de")
        let known = Set(Messages.Key.allCases.map(\.rawValue))
        #expect(table.count == 1 + Messages.accountTexts.keys.filter(known.contains).count)
        #expect(Messages.withAccountTexts([.cancel: "Abbrechen"], "ja")[.cancel] == "Abbrechen", "a table's own text wins")
        #expect(Messages.withAccountTexts([.cancel: "x"], "en") == [.cancel: "x"])
    }
}
