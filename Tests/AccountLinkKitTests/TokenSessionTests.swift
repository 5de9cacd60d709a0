import Foundation
import Testing

@testable import AccountLinkKit

/// The actor's own rules, with a refresher the test releases by hand (the refresh against the real
/// server is in RefreshTests).
@Suite struct TokenSessionTests {
    let expiring = TokenSet(accessToken: "old", refreshToken: "r1", expiresAt: Date().addingTimeInterval(5))

    @Test func aSignInDuringARefreshIsNotOverwritten() async throws {
        let store = MemoryTokenStore(expiring)
        let gate = Gate()
        let session = TokenSession(store: store, margin: 60, now: Date.init) { _, _ in
            await gate.wait()
            return TokenSet(accessToken: "refreshed", refreshToken: "r2", expiresAt: Date().addingTimeInterval(3600))
        }
        let caller = Task { try await session.validTokens() }
        await gate.waitUntilEntered()
        let signedIn = TokenSet(accessToken: "new-sign-in", refreshToken: "r9", expiresAt: Date().addingTimeInterval(3600))
        try await session.replace(with: signedIn)
        await gate.open()
        #expect(try await caller.value == signedIn)
        #expect(store.load() == signedIn)
    }

    @Test func aRejectedTokenIsRefreshedOnlyWhileItIsStillTheStoredOne() async throws {
        let fresh = TokenSet(accessToken: "fresh", refreshToken: "r1", expiresAt: Date().addingTimeInterval(3600))
        let store = MemoryTokenStore(fresh)
        let refreshes = Counter()
        let session = TokenSession(store: store, margin: 60, now: Date.init) { _, _ in
            await refreshes.increment()
            return TokenSet(accessToken: "after-\(await refreshes.value)", refreshToken: "r2",
                            expiresAt: Date().addingTimeInterval(3600))
        }
        #expect(try await session.validTokens(rejected: "someone-else").accessToken == "fresh")
        #expect(try await session.validTokens(rejected: "fresh").accessToken == "after-1")
        #expect(try await session.validTokens(rejected: "fresh").accessToken == "after-1")  // already replaced
        #expect(await refreshes.value == 1)
    }

    @Test func withoutARefreshTokenAnExpiredSignInIsOver() async throws {
        let store = MemoryTokenStore(TokenSet(accessToken: "a", refreshToken: nil, expiresAt: Date()))
        let session = TokenSession(store: store, margin: 60, now: Date.init) { _, _ in
            Issue.record("nothing to refresh with")
            throw AccountLinkError.notSignedIn
        }
        await #expect(throws: AccountLinkError.notSignedIn) { _ = try await session.validTokens() }
        #expect(store.load() == nil)
    }
}

/// Holds the refresher until the test opens it.
actor Gate {
    private var entered = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        entered = true
        enteredWaiters.forEach { $0.resume() }
        enteredWaiters = []
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func waitUntilEntered() async {
        if entered { return }
        await withCheckedContinuation { enteredWaiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
