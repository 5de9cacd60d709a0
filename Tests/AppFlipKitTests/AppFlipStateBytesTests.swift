import Foundation
import Testing

@testable import AppFlipKit

/// `state` is echoed byte for byte: a decomposed "e\u{301}" is another state than a precomposed "é",
/// though Swift's `String ==` calls them equal (canonical equivalence).
@Suite struct AppFlipStateBytesTests {
    static let decomposed = "caf" + "e\u{0301}"
    static let precomposed = "caf\u{00E9}"

    @Test func theTwoSpellingsAreDifferentBytes() {
        #expect(Self.decomposed == Self.precomposed, "String == ignores the difference")
        #expect(!Self.decomposed.utf8.elementsEqual(Self.precomposed.utf8))
    }

    @Test func aDecomposedStateSurvivesLinkAndReturnURL() throws {
        let link = try #require(AppFlipLink.make(
            base: URL(string: "https://app.example.com/flip")!, clientID: clientID, scopes: ["a"],
            state: Self.decomposed, redirectURI: home))
        let request = try AppFlipRequest(url: link, expectedClientID: clientID)
        #expect(Array(request.state.utf8) == Array(Self.decomposed.utf8))
        let back = try #require(request.successURL(code: "c"))
        #expect(back.absoluteString == home + "?code=c&state=cafe%CC%81")
        let parsed = try AppFlipResponse(returnURL: back)
        guard case .success(_, let state) = parsed else { Issue.record("\(parsed)"); return }
        #expect(Array(state.utf8) == Array(Self.decomposed.utf8))
    }

    @Test func answersWithTheOtherSpellingAreNotEqual() {
        #expect(AppFlipResponse.success(code: "c", state: Self.decomposed) == .success(code: "c", state: Self.decomposed))
        #expect(AppFlipResponse.success(code: "c", state: Self.decomposed) != .success(code: "c", state: Self.precomposed))
        #expect(AppFlipResponse.success(code: Self.decomposed, state: "s") != .success(code: Self.precomposed, state: "s"))
        #expect(AppFlipResponse.failure(.cancelled, state: Self.decomposed) != .failure(.cancelled, state: Self.precomposed))
        #expect(AppFlipResponse.failure(.cancelled, description: Self.decomposed)
                    != .failure(.cancelled, description: Self.precomposed))
        #expect(AppFlipResponse.failure(.cancelled, state: nil) != .failure(.cancelled, state: ""))
        #expect(AppFlipResponse.failure(.cancelled, state: "s") != .failure(.accessDenied, state: "s"))
        #expect(AppFlipResponse.failure(.cancelled, state: "s") != .success(code: "c", state: "s"))
    }
}
