import AccountLinkKit
import AppFlipKit
import Foundation
import Testing

extension AgainstTheServer {
    /// Refresh before expiry with one refresh in flight (README.md, Your iOS app: AccountLinkKit), against
    /// the real server whose app client rotates refresh tokens: a second refresh with the same token would
    /// revoke the grant.
    @Suite(.timeLimit(.minutes(5))) struct RefreshTests {
        @Test func manyConcurrentCallersShareOneRefresh() async throws {
            try await withServer { server in
                let store = MemoryTokenStore()
                let transport = CountingTransport()
                let kit = try await server.signedIn("many@example.com", store: store, transport: transport)
                let original = try #require(store.load())
                try store.expire(at: Date().addingTimeInterval(5))  // inside the 60 s margin
                let callers = 40
                let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<callers { group.addTask { try await kit.accessToken() } }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(tokens.count == callers)
                #expect(Set(tokens).count == 1)
                #expect(tokens[0] != original.accessToken)
                #expect(transport.count("/token grant_type=refresh_token") == 1)
                #expect(store.load()?.refreshToken != original.refreshToken)  // rotated, and the new one works:
                let flip = await kit.appFlip(try googleLink(), decision: .allow)
                guard case .success = flip else { Issue.record("the refreshed token was refused: \(flip)"); return }
                #expect(transport.count("/token grant_type=refresh_token") == 1)
            }
        }

        @Test func aTokenFarFromExpiryIsNotRefreshed() async throws {
            try await withServer { server in
                let transport = CountingTransport()
                let kit = try await server.signedIn("calm@example.com", transport: transport)
                let first = try await kit.accessToken()
                #expect(try await kit.accessToken() == first)
                #expect(transport.count("/token grant_type=refresh_token") == 0)
            }
        }

        @Test func aRefusedRefreshSignsOut() async throws {
            try await withServer { server in
                let store = MemoryTokenStore(TokenSet(accessToken: "old", refreshToken: "not-a-refresh-token",
                                                      expiresAt: Date().addingTimeInterval(-10)))
                let kit = server.kit(store: store)
                await #expect(throws: AccountLinkError.notSignedIn) { _ = try await kit.accessToken() }
                #expect(store.load() == nil)
            }
        }

        @Test func anUnreachableServerKeepsTheTokensForLater() async throws {
            let stored = TokenSet(accessToken: "old", refreshToken: "r", expiresAt: Date().addingTimeInterval(-10))
            let store = MemoryTokenStore(stored)
            let kit = AccountLink(configuration: .init(server: URL(string: "http://127.0.0.1:9")!, clientID: "ios-app"),
                                  store: store)
            let error = await #expect(throws: AccountLinkError.self) { _ = try await kit.accessToken() }
            #expect(error?.isTemporary == true)
            #expect(store.load() == stored)
        }
    }
}
