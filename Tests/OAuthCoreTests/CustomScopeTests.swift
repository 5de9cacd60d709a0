import Foundation
import OAuthCore
import Testing

/// Custom scopes (docs/operations.md, Custom scopes): the checks `scope add` and `POST /admin/scopes` share,
/// the consent text's language fallback, and the scope rules that know them.
@Suite struct CustomScopeTests {
    static let reserved = OAuthConfiguration.defaultScopes.map(\.name) + [ScopeRules.offlineAccess]
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func check(_ name: String, _ descriptions: [String: String]) throws(CustomScope.Invalid) -> CustomScope {
        try CustomScope.checked(name: name, descriptions: descriptions, reserved: Self.reserved, at: Self.now)
    }

    @Test(arguments: ["", "two words", "quote\"d", "back\\slash", "openid", "offline_access", "devices",
                      String(repeating: "a", count: 65)])
    func badNamesAreRefused(name: String) {
        #expect(throws: CustomScope.Invalid.self) { try check(name, ["en": "text"]) }
    }

    @Test func descriptionsNeedEnglishAndOnlyThePagesLanguages() throws {
        #expect(throws: CustomScope.Invalid.description("an English description is required (--description)")) {
            try check("thermostat.write", ["de": "Temperatur"])
        }
        #expect(throws: CustomScope.Invalid.self) { try check("thermostat.write", ["en": "x", "fr": "y"]) }
        #expect(throws: CustomScope.Invalid.self) { try check("thermostat.write", ["en": "   "]) }
        let scope = try check("thermostat.write", ["en": " change it ", "PT-br": "mudar"])
        #expect(scope.descriptions == ["en": "change it", "pt-BR": "mudar"], "trimmed, tags in their spelling")
    }

    @Test func theConsentTextFallsBackToTheLanguageThenEnglish() throws {
        let scope = try check("thermostat.write", ["en": "change it", "pt-BR": "mudar", "de": "ändern"])
        #expect(scope.description(locale: "pt-BR") == "mudar")
        #expect(scope.description(locale: "pt") == "mudar", "the language's text for a bare language")
        #expect(scope.description(locale: "de-AT") == "ändern")
        #expect(scope.description(locale: "fa") == "change it")
        #expect(scope.description(locale: nil) == "change it")
    }

    @Test func scopeRulesKnowCustomScopesOnlyWhenGiven() throws {
        let configuration = try OAuthConfiguration(issuer: "https://login.example.com")
        let client = Client(id: "c", name: "C", secretHash: "h", redirectURIs: [], scopes: ["openid", "thermostat.write"],
                            createdAt: Self.now)
        let custom = [try check("thermostat.write", ["en": "change it"])]
        #expect(ScopeRules.known(configuration, custom: custom).contains("thermostat.write"))
        #expect(try ScopeRules.resolve("openid thermostat.write", client: client, configuration: configuration,
                                       custom: custom) == ["openid", "thermostat.write"])
        #expect(try ScopeRules.resolve(nil, client: client, configuration: configuration, custom: custom)
                == ["openid", "thermostat.write"])
        #expect(throws: OAuthError.self) {
            try ScopeRules.resolve("thermostat.write", client: client, configuration: configuration)
        }
        #expect(try ScopeRules.resolve("openid thermostat.write", client: client, configuration: configuration,
                                       ignoringUnknown: true) == ["openid"], "a removed scope is left out")
        let document = DiscoveryDocument.metadata(configuration, custom: custom)
        #expect(String(decoding: document.bytes, as: UTF8.self).contains("thermostat.write"))
    }
}
