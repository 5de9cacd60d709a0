import Foundation
import OAuthCore
import StoreMemory
import Support
import Testing

/// docs/performance.md, The token path: client authentication answers from a short-lived cache of clients
/// (ClientCache.swift).
@Suite struct ClientCacheTests {
    static let secret = "cache-test-secret-0123456789abcdefghijkl"

    private func storeWith(_ ids: String...) throws -> MemoryStorage {
        let store = MemoryStorage()
        for id in ids {
            try store.insertClient(Client(id: id, name: id, secretHash: ClientSecret.hash(Self.secret),
                                          redirectURIs: [], createdAt: Date()))
        }
        return store
    }

    private func authenticate(_ id: String, _ secret: String, _ store: MemoryStorage, _ cache: ClientCache) async
        -> Result<String, OAuthError>
    {
        let basic = "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
        do {
            return .success(try await ClientAuthenticator(storage: store, cache: cache)
                .authenticate(FormParameters(), authorization: basic).client.id)
        } catch {
            return .failure(error)
        }
    }

    @Test func aCachedClientIsServedUntilForgotten() async throws {
        let store = try storeWith("app")
        let cache = ClientCache(seconds: 60)
        #expect(try await authenticate("app", Self.secret, store, cache).get() == "app")
        #expect(try store.deleteClient(id: "app", at: Date()))
        #expect(try await authenticate("app", Self.secret, store, cache).get() == "app", "served from the cache")
        cache.forget(id: "app")
        await #expect(throws: OAuthError.self) { try await authenticate("app", Self.secret, store, cache).get() }
    }

    @Test func theSecretIsCheckedOnEveryRequest() async throws {
        let store = try storeWith("app")
        let cache = ClientCache(seconds: 60)
        await #expect(try authenticate("app", Self.secret, store, cache).get() == "app")
        let wrong = await authenticate("app", Self.secret + "x", store, cache)
        guard case .failure(let error) = wrong else { Issue.record("a wrong secret passed"); return }
        #expect(error.code == .invalidClient)
    }

    @Test func zeroSecondsCachesNothing() async throws {
        let store = try storeWith("app")
        let cache = ClientCache(seconds: 0)
        #expect(try await authenticate("app", Self.secret, store, cache).get() == "app")
        #expect(try store.deleteClient(id: "app", at: Date()))
        await #expect(throws: OAuthError.self) { try await authenticate("app", Self.secret, store, cache).get() }
    }

    @Test func unknownIdsAreNotCached() async throws {
        let store = try storeWith()
        let cache = ClientCache(seconds: 60)
        await #expect(throws: OAuthError.self) { try await authenticate("later", Self.secret, store, cache).get() }
        try store.insertClient(Client(id: "later", name: "later", secretHash: ClientSecret.hash(Self.secret),
                                      redirectURIs: [], createdAt: Date()))
        #expect(try await authenticate("later", Self.secret, store, cache).get() == "later")
    }

    /// A client deleted (and forgotten) while another request was reading it is not cached by that read.
    @Test func aReadRacingAForgetDoesNotBringTheClientBack() async throws {
        let store = try storeWith("app")
        let fail = FailSwitch()
        let failing = FailingStorage(inner: store, fail: fail)
        let cache = ClientCache(seconds: 60)
        fail.afterClientRead.withLock { hook in
            hook = {
                _ = try store.deleteClient(id: "app", at: Date())
                cache.forget(id: "app")
            }
        }
        let basic = "Basic " + Data("app:\(Self.secret)".utf8).base64EncodedString()
        let first = try await ClientAuthenticator(storage: failing, cache: cache)
            .authenticate(FormParameters(), authorization: basic)
        #expect(first.client.id == "app", "the read that began before the delete still answers")
        fail.afterClientRead.withLock { $0 = nil }
        await #expect(throws: OAuthError.self) {
            try await ClientAuthenticator(storage: failing, cache: cache).authenticate(FormParameters(), authorization: basic)
        }
    }

    /// Ids are protocol values: the Kelvin sign U+212A is another client than `K`, cached or not.
    @Test func idsAreToldApartByBytes() async throws {
        let store = try storeWith("K")
        let cache = ClientCache(seconds: 60)
        #expect(try await authenticate("K", Self.secret, store, cache).get() == "K")
        await #expect(throws: OAuthError.self) { try await authenticate("\u{212A}", Self.secret, store, cache).get() }
    }
}

/// Grants revoked together go in one order, the byte order PostgreSQL's group commit locks them in.
@Suite struct GrantLockOrderTests {
    @Test func byteOrderOfTheIds() {
        #expect(GrantLockOrder.sorted(["b", "a", "\u{212A}", "K", "a0"]) == ["K", "a", "a0", "b", "\u{212A}"])
        let grants = ["g2", "g10", "g1"].map {
            Grant(id: $0, accountID: "acct", clientID: "c", scope: [], createdAt: Date())
        }
        #expect(GrantLockOrder.sorted(grants).map(\.id) == ["g1", "g10", "g2"])
    }
}
