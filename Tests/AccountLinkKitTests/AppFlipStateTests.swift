import AccountLinkKit
import AppFlipKit
import Foundation
import Testing

extension AgainstTheServer {
    /// The kit answers Google with the `state` of the universal link byte for byte, through the real
    /// server: a decomposed "e\u{301}" stays decomposed (a precomposed "é" is a different state).
    @Suite(.timeLimit(.minutes(5))) struct KitAppFlipStateTests {
        static let decomposed = "caf" + "e\u{0301}"
        static let precomposed = "caf\u{00E9}"

        @Test func aDecomposedStateIsEchoedByteExact() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("state@example.com")
                let link = try googleLink(state: Self.decomposed)
                #expect(Array(link.state.utf8) == Array(Self.decomposed.utf8))
                let answer = await kit.appFlip(link)
                guard case .success(let code, let state) = answer else { Issue.record("\(answer)"); return }
                #expect(Array(state.utf8) == Array(Self.decomposed.utf8))
                #expect(answer != .success(code: code, state: Self.precomposed))
                let url = try #require(answer.url(appendingTo: link.redirectURI))
                #expect(url.absoluteString.hasSuffix("&state=cafe%CC%81"))
                let denied = await kit.appFlip(link, decision: .deny)
                #expect(denied == .failure(.accessDenied, description: denied.errorDescription, state: Self.decomposed))
                #expect(denied != .failure(.accessDenied, description: denied.errorDescription, state: Self.precomposed))
            }
        }

        @Test func aPrecomposedStateStaysPrecomposed() async throws {
            try await withServer { server in
                let kit = try await server.signedIn("state2@example.com")
                let answer = await kit.appFlip(try googleLink(state: Self.precomposed))
                guard case .success(_, let state) = answer else { Issue.record("\(answer)"); return }
                #expect(Array(state.utf8) == Array(Self.precomposed.utf8))
            }
        }
    }
}

extension AppFlipResponse {
    /// `error_description` of a failure.
    var errorDescription: String? {
        if case .failure(_, let description, _) = self { return description }
        return nil
    }
}
