import Foundation
import Testing

@testable import AppFlipKit

@Suite struct AppFlipResponseTests {
    static let hostile = ["a b", "a&b=c", "x=y", "1+1", "Grüße 🙂", "%20", "?#/", "'\"<>"]

    // Build link → parse → build return URL → parse return URL: every value survives exactly.
    @Test(arguments: hostile)
    func roundTrip(value: String) throws {
        let base = URL(string: "https://app.example.com/flip?src=google")!
        let scopes = ["read", value.replacingOccurrences(of: " ", with: "_"), "ü+&="]
        let url = try #require(
            AppFlipLink.make(
                base: base, clientID: clientID, scopes: scopes,
                state: value, redirectURI: home))
        #expect(url.absoluteString.hasPrefix("https://app.example.com/flip?src=google&client_id="))
        let request = try AppFlipRequest(url: url, expectedClientID: clientID)
        #expect(request.state == value)
        #expect(request.scopes == scopes)
        let back = try #require(request.successURL(code: value + "-code"))
        #expect(try AppFlipResponse(returnURL: back) == .success(code: value + "-code", state: value))
        let failed = try #require(request.failureURL(.accessDenied, description: value))
        #expect(
            try AppFlipResponse(returnURL: failed)
                == .failure(.accessDenied, description: value, state: value))
    }

    @Test func encodesEverythingOutsideUnreserved() {
        #expect(AppFlipQuery.encode("aZ09-._~ +&=/?#%ü") == "aZ09-._~%20%2B%26%3D%2F%3F%23%25%C3%BC")
    }

    @Test func successURLHasExactlyCodeAndState() {
        let url = AppFlipResponse.success(code: "c/1", state: "s 1").url(appendingTo: home)
        #expect(url?.absoluteString == home + "?code=c%2F1&state=s%201")
    }

    @Test func failureURLMatchesTheContract() {
        let url = AppFlipResponse.failure(.invalidRequest, description: "Invalid Request").url(
            appendingTo: home)
        #expect(url?.absoluteString == home + "?error=invalid_request&error_description=Invalid%20Request")
        #expect(
            AppFlipResponse.failure(.cancelled).url(appendingTo: home)?.absoluteString
                == home + "?error=cancelled")
    }

    @Test func appendsToAnExistingQuery() {
        let response = AppFlipResponse.success(code: "c", state: "s")
        #expect(response.url(appendingTo: home + "?x=1")?.absoluteString == home + "?x=1&code=c&state=s")
        #expect(response.url(appendingTo: home + "?")?.absoluteString == home + "?code=c&state=s")
        #expect(response.url(appendingTo: home + "#f") == nil)
    }

    @Test func recoverability() {
        // App Flip iOS guide: cancelled and invalid_request fall back to the browser flow.
        #expect(AppFlipError.cancelled.isRecoverable)
        #expect(AppFlipError.invalidRequest.isRecoverable)
        #expect(!AppFlipError.unrecoverable.isRecoverable)
        #expect(!AppFlipError.accessDenied.isRecoverable)
        #expect(
            AppFlipError.allCases.map(\.rawValue)
                == ["cancelled", "unrecoverable", "invalid_request", "access_denied"])
    }

    @Test(arguments: [
        ("?code=a&code=b&state=s", AppFlipResponseError.duplicateParameter("code")),
        ("?code=a", .missingParameter("state")),
        ("?state=s", .missingParameter("code")),
        ("?code=a&state=s&error=cancelled", .codeAndError),
        ("?error=user_not_authorized", .unknownError("user_not_authorized")),
        ("?error=%FF", .malformedQuery(.notUTF8)),
    ])
    func returnURLParsingRefuses(query: String, expected: AppFlipResponseError) {
        #expect(throws: expected) { try AppFlipResponse(returnURL: URL(string: home + query)!) }
    }
}
