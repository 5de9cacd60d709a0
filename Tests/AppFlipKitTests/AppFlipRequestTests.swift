import Foundation
import Testing

@testable import AppFlipKit

let clientID = "google-client"
let home = "https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast"

func link(_ query: String) -> URL { URL(string: "https://app.example.com/link?" + query)! }

func parse(_ query: String) throws(AppFlipRequestError) -> AppFlipRequest {
    try AppFlipRequest(url: link(query), expectedClientID: clientID)
}

@Suite struct AppFlipRequestTests {
    let valid = "client_id=google-client&scope=a%20b&state=s1&redirect_uri=" + AppFlipQuery.encode(home)

    @Test func parsesAValidLink() throws {
        let request = try parse(valid)
        #expect(request.clientID == clientID)
        #expect(request.scopes == ["a", "b"])
        #expect(request.state == "s1")
        #expect(request.redirectURI == home)
    }

    @Test(arguments: ["client_id", "state", "redirect_uri"])
    func refusesEachMissingParameter(name: String) {
        let query = AppFlipQuery.encode(
            [("client_id", clientID), ("scope", "x"), ("state", "s"), ("redirect_uri", home)]
                .filter { $0.0 != name })
        #expect(throws: AppFlipRequestError.missingParameter(name)) { try parse(query) }
    }

    @Test(arguments: ["client_id", "state", "redirect_uri"])
    func refusesAnEmptyRequiredValue(name: String) {
        let query = AppFlipQuery.encode(
            [("client_id", clientID), ("scope", "x"), ("state", "s"), ("redirect_uri", home)]
                .map { $0.0 == name ? ($0.0, "") : $0 })
        #expect(throws: AppFlipRequestError.missingParameter(name)) { try parse(query) }
    }

    // Google's App Flip sample omits `scope` when the console lists none: an empty scope.
    @Test func aMissingScopeIsAnEmptyScope() throws {
        let request = try parse("client_id=google-client&state=s&redirect_uri=" + AppFlipQuery.encode(home))
        #expect(request.scopes == [])
        #expect(request.scope == "")
        #expect(request.successURL(code: "c") != nil)
    }

    @Test func acceptsAnEmptyScope() throws {
        #expect(try parse("client_id=google-client&scope=&state=s&redirect_uri=\(home)").scopes == [])
    }

    @Test(arguments: ["client_id", "scope", "state", "redirect_uri", "other"])
    func refusesDuplicates(name: String) {
        let query = valid + "&other=1&\(name)=again"
        #expect(throws: AppFlipRequestError.duplicateParameter(name)) { try parse(query) }
    }

    @Test func refusesAWrongClientID() {
        let query = valid.replacingOccurrences(of: "google-client", with: "other-client")
        #expect(throws: AppFlipRequestError.clientIDMismatch) { try parse(query) }
    }

    @Test func refusesAnUnknownRedirectBeforeComparingClientID() {
        let query = "client_id=x&scope=&state=s&redirect_uri=https%3A%2F%2Fevil.example%2Fa%2Fb"
        #expect(throws: AppFlipRequestError.invalidRedirectURI(.host)) { try parse(query) }
    }

    @Test(arguments: [
        ("%zz", AppFlipQuery.DecodingError.badPercentEscape), ("%4", .badPercentEscape),
        ("%", .badPercentEscape), ("%FF", .notUTF8), ("%C3", .notUTF8),
    ])
    func refusesMalformedEscapes(bad: String, cause: AppFlipQuery.DecodingError) {
        #expect(throws: AppFlipRequestError.malformedQuery(cause)) {
            try AppFlipRequest(rawQuery: valid + "&x=" + bad, expectedClientID: clientID)
        }
    }

    @Test func refusesALinkWithoutQuery() {
        #expect(throws: AppFlipRequestError.malformedQuery(nil)) {
            try AppFlipRequest(url: URL(string: "https://app.example.com/link")!, expectedClientID: clientID)
        }
    }

    // RFC 3986 §2.2: '+' is a literal sub-delimiter in a query; a space arrives as %20.
    @Test func plusIsALiteralPlus() throws {
        let request = try parse("client_id=google-client&scope=a+b&state=x+y%20z&redirect_uri=\(home)")
        #expect(request.scopes == ["a+b"])
        #expect(request.state == "x+y z")
    }

    // Google's App Flip tester builds the link with URLComponents.queryItems: a space becomes
    // %20 and '+' stays raw, so reading '+' as a literal plus gives back the tester's values.
    @Test func readsALinkBuiltLikeGooglesTester() throws {
        var components = URLComponents(string: "https://app.example.com/link")!
        components.queryItems = [
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "scope", value: "a+b c&d"),
            URLQueryItem(name: "state", value: "x+y z=ü"),
            URLQueryItem(name: "redirect_uri", value: home),
        ]
        let request = try AppFlipRequest(url: components.url!, expectedClientID: clientID)
        #expect(request.scopes == ["a+b", "c&d"])
        #expect(request.state == "x+y z=ü")
    }

    @Test func answerableRedirectOnlyForGoogleURIs() {
        #expect(AppFlipRequest.answerableRedirectURI(in: link("client_id=bad&redirect_uri=\(home)")) == home)
        #expect(
            AppFlipRequest.answerableRedirectURI(in: link("redirect_uri=https://evil.example/a/x")) == nil)
        #expect(
            AppFlipRequest.answerableRedirectURI(in: link("redirect_uri=\(home)&redirect_uri=\(home)")) == nil
        )
    }
}
