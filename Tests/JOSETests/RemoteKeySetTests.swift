import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Support
import Testing
@testable import JOSE

/// The remote key set against Tests/Peers/key_server.py on 127.0.0.1; time moves only by ManualClock.
@Suite struct RemoteKeySetTests {
    let server: KeyServer
    let clock = ManualClock(Fixtures.clockStart)
    let keySet: RemoteKeySet
    let keyA: JWK
    let keyB: JWK

    init() throws {
        server = try KeyServer()
        keySet = RemoteKeySet(url: server.keysURL, clock: clock)
        keyA = try JWK(Fixtures.rsa.publicKey, keyID: "a")
        keyB = try JWK(Fixtures.otherRSA.publicKey, keyID: "b")
    }

    @Test func cachesForMaxAge() async throws {
        try server.serve(JWKSet(keys: [keyA]), cacheControl: "public, max-age=300, must-revalidate")
        for _ in 0..<3 { _ = try await keySet.key(for: "a") }
        #expect(server.hits == 1)
        clock.advance(by: 299)
        _ = try await keySet.key(for: "a")
        #expect(server.hits == 1)
        clock.advance(by: 2)
        _ = try await keySet.key(for: "a")
        #expect(server.hits == 2)
    }

    @Test func maxAgeIsClampedToBounds() {
        let policy = KeySetCachePolicy()
        #expect(policy.lifetime(cacheControl: "max-age=5") == 60)
        #expect(policy.lifetime(cacheControl: "max-age=999999") == 86_400)
        #expect(policy.lifetime(cacheControl: "no-cache") == 60)
        #expect(policy.lifetime(cacheControl: nil) == policy.defaultLifetime)
        #expect(policy.lifetime(cacheControl: "public, max-age=21600") == 21_600)
    }

    @Test func rotatedKeyIsPickedUp() async throws {
        try server.serve(JWKSet(keys: [keyA]))
        _ = try await keySet.key(for: "a")
        try server.serve(JWKSet(keys: [keyA, keyB]))
        clock.advance(by: 31)
        let key = try await keySet.key(for: "b")
        #expect(key.isValidSignature(try Fixtures.otherRSA.signature(for: [1]), for: [1]))
        #expect(server.hits == 2)
    }

    @Test func unknownKidRefetchesAtMostEvery30Seconds() async throws {
        try server.serve(JWKSet(keys: [keyA]))
        _ = try await keySet.key(for: "a")
        for _ in 0..<3 {
            await #expect { try await keySet.key(for: "c") } throws: { ($0 as? JOSEError)?.code == .unknownKey }
        }
        #expect(server.hits == 1)
        clock.advance(by: 29)
        await #expect(throws: JOSEError.self) { try await keySet.key(for: "c") }
        #expect(server.hits == 1)
        clock.advance(by: 2)
        await #expect(throws: JOSEError.self) { try await keySet.key(for: "c") }
        #expect(server.hits == 2)
    }

    @Test func outageAfterAGoodFetchServesTheLastGoodSet() async throws {
        try server.serve(JWKSet(keys: [keyA]), cacheControl: "max-age=60")
        _ = try await keySet.key(for: "a")
        try server.fail(status: 503)
        clock.advance(by: 61)
        _ = try await keySet.key(for: "a")
        #expect(server.hits == 2)
        // The failed refresh is not retried on every call.
        _ = try await keySet.key(for: "a")
        #expect(server.hits == 2)
        server.stop()
        clock.advance(by: 3600)
        _ = try await keySet.key(for: "a")
    }

    @Test func fetchOutcomesAreLoggedWithoutKeyMaterial() async throws {
        let sink = MemorySink()
        let logged = RemoteKeySet(url: server.keysURL, clock: clock, logger: Logger(label: "jose", sink: sink))
        try server.serve(JWKSet(keys: [keyA]), cacheControl: "max-age=60")
        _ = try await logged.key(for: "a")
        try server.fail(status: 503)
        clock.advance(by: 61)
        _ = try await logged.key(for: "a")
        let messages = sink.records.map(\.message)
        #expect(messages == ["key set fetched", "key set refresh failed; serving the last good set"])
        #expect(sink.records[0].fields["jose.keyset.kids"] == "a")
        #expect(!sink.records.map(\.jsonLine).joined().contains(keyA.members["n"]!.stringValue!))
    }

    @Test func neverFetchedIsAClearError() async throws {
        try server.serve(JWKSet(keys: [keyA]), status: 500)
        await #expect {
            try await keySet.key(for: "a")
        } throws: { error in
            guard let error = error as? JOSEError else { return false }
            return error.code == .keySetUnavailable && error.reason.contains("HTTP 500")
        }
    }

    /// The port is held by a socket that is bound but never listens: a connection is refused, and no other
    /// test's server can take the port meanwhile (a stopped server's port could be handed out again).
    @Test func unreachableServerIsAClearError() async throws {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(holder >= 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let orphan = RemoteKeySet(url: URL(string: "http://127.0.0.1:\(port)/auth/keys")!, clock: clock)
        await #expect { try await orphan.key(for: "a") } throws: { ($0 as? JOSEError)?.code == .keySetUnavailable }
    }

    @Test func oneFetchInFlightForConcurrentCallers() async throws {
        try server.serve(JWKSet(keys: [keyA]))
        let keySet = self.keySet
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try await keySet.key(for: "a") } }
            try await group.waitForAll()
        }
        #expect(server.hits == 1)
        #expect(await keySet.fetchCount == 1)
    }
}
