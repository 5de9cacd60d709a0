import AccountLinkKit
import AppFlipKit
import Foundation
import Synchronization
import Testing

extension AgainstTheServer {
    /// App Flip when AccountLink refuses the app's token on both tries (the first token, then the one
    /// the single refresh brought): the caller gets AccountLink's refusal, after one refresh, and
    /// nothing is tried a third time (Sources/AccountLinkKit/AccountLink+AppFlip.swift).
    @Suite(.timeLimit(.minutes(5))) struct KitAppFlipRefusedTwiceTests {
        @Test func bothTokensRevokedAnswersTheRefusalAfterOneRefresh() async throws {
            try await withServer { server in
                let store = MemoryTokenStore()
                let counting = CountingTransport()
                let transport = RevokingRefreshedTokens(counting: counting, server: server)
                _ = try await server.signedIn("twice@example.com", store: store)
                let first = try #require(store.load())
                try await server.revoke(first.accessToken)
                let answer = try await server.kit(store: store, transport: transport).authorizeAppFlip(try googleLink())
                #expect(answer == .failure(.cancelled, description: answer.errorDescription, state: "state-1"))
                #expect(answer.errorDescription != nil, "AccountLink's own description is kept")
                #expect(counting.sent.withLock { $0 } == [
                    "/app-flip/authorize", KitAppFlipRetryTests.refreshes, "/app-flip/authorize",
                ])
                let kept = try #require(store.load(), "a refusal at App Flip does not sign the app out")
                #expect(kept.accessToken != first.accessToken && kept.accessToken == transport.revoked())
            }
        }
    }
}

/// The same, with the answers scripted: only a transport in front of AccountLink (a gateway, a proxy)
/// can make the two 401s differ, and only then does it show which try's refusal the caller gets.
@Suite struct KitAppFlipLastRefusalTests {
    static let refreshed = #"{"access_token":"second","token_type":"Bearer","expires_in":3600}"#

    @Test func theSecondTrysAppFlipRefusalIsTheAnswer() async throws {
        let transport = ScriptedTransport([
            (401, #"{"error":"cancelled","error_description":"first try"}"#), (200, Self.refreshed),
            (401, #"{"error":"cancelled","error_description":"second try"}"#),
        ])
        let answer = try await Self.kit(transport).authorizeAppFlip(try googleLink())
        #expect(answer == .failure(.cancelled, description: "second try", state: "state-1"))
        #expect(transport.paths() == ["/app-flip/authorize", "/token", "/app-flip/authorize"])
        #expect(transport.bearers() == ["first", nil, "second"])
    }

    /// A second 401 that is no App Flip answer is thrown as it is: the first try's refusal is not
    /// the answer to the second (it was before "only the last try's refusal", commit 5e18bbe).
    @Test func aSecondRefusalThatIsNotAppFlipsIsThrownNotTheFirst() async throws {
        let transport = ScriptedTransport([
            (401, #"{"error":"cancelled","error_description":"first try"}"#), (200, Self.refreshed),
            (401, #"{"error":"invalid_token","error_description":"gateway"}"#),
        ])
        await #expect(throws: AccountLinkError.server(code: "invalid_token", description: "gateway", status: 401)) {
            try await Self.kit(transport).authorizeAppFlip(try googleLink())
        }
        #expect(transport.paths() == ["/app-flip/authorize", "/token", "/app-flip/authorize"])
    }

    static func kit(_ transport: ScriptedTransport) throws -> AccountLink {
        let store = MemoryTokenStore()
        store.save(TokenSet(accessToken: "first", refreshToken: "refresh", expiresAt: Date().addingTimeInterval(3600)))
        let server = try #require(URL(string: "https://accounts.example.com"))
        return AccountLink(configuration: .init(server: server, clientID: KitServer.appClientID), store: store,
                           transport: transport)
    }
}

/// Passes every request to the real server and revokes each access token a refresh brings before
/// the kit sees it, so that AccountLink refuses the refreshed token too.
final class RevokingRefreshedTokens: HTTPTransport {
    let counting: CountingTransport
    let server: KitServer
    private let last = Mutex<String?>(nil)

    init(counting: CountingTransport, server: KitServer) { (self.counting, self.server) = (counting, server) }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await counting.send(request)
        let isRefresh = request.body.map { String(decoding: $0, as: UTF8.self) }?.contains("grant_type=refresh_token")
        guard isRefresh == true, response.status == 200 else { return response }
        let token = try JSONDecoder().decode(AccessToken.self, from: response.body).access_token
        try await server.revoke(token)
        last.withLock { $0 = token }
        return response
    }

    func revoked() -> String? { last.withLock { $0 } }
}

/// The one field of a token answer (RFC 6749 §5.1) the transport needs.
private struct AccessToken: Decodable {
    let access_token: String
}

/// Answers the kit's requests in order from a script, recording each request; a request past the
/// script's end is a test failure (nothing may be retried more than the script allows).
final class ScriptedTransport: HTTPTransport {
    private let state: Mutex<(answers: [(Int, String)], requests: [TransportRequest])>

    init(_ answers: [(Int, String)]) { state = Mutex((answers, [])) }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let next = state.withLock { state -> (Int, String)? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        let (status, body) = try #require(next, "a request the script did not expect: \(request.url.path)")
        return TransportResponse(status: status, body: Data(body.utf8))
    }

    func paths() -> [String] { state.withLock { $0.requests.map(\.url.path) } }

    /// The Bearer token of each request (nil without one).
    func bearers() -> [String?] {
        state.withLock { $0.requests.map { $0.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) } } }
    }
}
