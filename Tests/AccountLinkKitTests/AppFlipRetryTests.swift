import AccountLinkKit
import AppFlipKit
import Foundation
import HTTPServer
import Testing

extension AgainstTheServer {
    /// App Flip through the kit's `authorized` path: a refresh only after a 401, and a failure to reach
    /// AccountLink reported as what it is.
    @Suite(.timeLimit(.minutes(5))) struct KitAppFlipRetryTests {
        static let refreshes = "/token grant_type=refresh_token"

        @Test func a401ThenSuccessRefreshesOnce() async throws {
            try await withServer { server in
                let store = MemoryTokenStore()
                let transport = CountingTransport()
                let kit = try await server.signedIn("retry@example.com", store: store, transport: transport)
                try await server.revoke(try #require(store.load()).accessToken)
                guard case .success(_, "state-1") = try await kit.authorizeAppFlip(try googleLink()) else {
                    Issue.record("no code after the refresh"); return
                }
                #expect(transport.count(Self.refreshes) == 1)
                #expect(transport.count("/app-flip/authorize") == 2)
            }
        }

        @Test func anAnswerOtherThan401DoesNotRefresh() async throws {
            try await withServer { server in
                let transport = CountingTransport()
                let kit = try await server.signedIn("norefresh@example.com", transport: transport)
                let answer = try await kit.authorizeAppFlip(try googleLink(clientID: "unknown-client"))
                guard case .failure(.invalidRequest, _, "state-1") = answer else { Issue.record("\(answer)"); return }
                guard case .failure(.accessDenied, _, _) = try await kit.authorizeAppFlip(try googleLink(), decision: .deny)
                else { Issue.record("deny must be access_denied"); return }
                #expect(transport.count(Self.refreshes) == 0)
                #expect(transport.count("/app-flip/authorize") == 2)
            }
        }

        @Test func aTransportFailureDoesNotRefreshAndIsNotCancelled() async throws {
            try await withServer { server in
                let store = MemoryTokenStore()
                _ = try await server.signedIn("offline@example.com", store: store)
                let tokens = try #require(store.load())
                let transport = CountingTransport()
                let offline = AccountLink(
                    configuration: .init(server: try closedPort(), clientID: KitServer.appClientID), store: store,
                    transport: transport)
                let link = try googleLink()
                await #expect {
                    try await offline.authorizeAppFlip(link)
                } throws: { error in
                    guard case .unreachable = error as? AccountLinkError else { return false }
                    return (error as? AccountLinkError)?.isTemporary == true
                }
                #expect(transport.count(Self.refreshes) == 0)
                #expect(transport.count("/app-flip/authorize") == 1)
                #expect(store.load() == tokens, "the tokens are kept as they were")
                // To Google's app the only recoverable answer for "offline" is `cancelled` (docs/app-flip-ios.md §5).
                #expect(await offline.appFlip(link) == .failure(.cancelled, state: "state-1"))
                #expect(transport.count(Self.refreshes) == 0)
            }
        }
    }
}

extension KitServer {
    /// RFC 7009 at the server: the app's access token is revoked while the kit still holds it.
    func revoke(_ token: String) async throws {
        let body = Data("token=\(token)&client_id=\(Self.appClientID)".utf8)
        let answer = try await URLSessionTransport().send(TransportRequest(
            method: "POST", url: base.appendingPathComponent("revoke"),
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body))
        #expect(answer.status == 200)
    }
}

/// A loopback URL where nothing listens: a port the system handed out, whose listener is stopped again.
func closedPort() throws -> URL {
    let listener = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1), responder: Router(),
                              logger: .silent)
    try listener.start()
    let port = listener.boundPort
    listener.shutdown()
    return try #require(URL(string: "http://127.0.0.1:\(port)"))
}
