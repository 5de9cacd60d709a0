import AccountLinkKit
import Foundation
import Testing

@Suite struct TokenStoreTests {
    let tokens = TokenSet(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
                          scope: "openid", idToken: nil, accountID: "acc")

    @Test func memoryStoreKeepsAndForgets() {
        let store = MemoryTokenStore()
        #expect(store.load() == nil)
        store.save(tokens)
        #expect(store.load() == tokens)
        store.clear()
        #expect(store.load() == nil)
    }

    @Test func fileStorePersistsOwnerOnlyAndClears() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tokens.json")
        #expect(try FileTokenStore(url: url).load() == nil)
        try FileTokenStore(url: url).save(tokens)
        var replaced = tokens
        replaced.accessToken = "b"
        try FileTokenStore(url: url).save(replaced)
        #expect(try FileTokenStore(url: url).load() == replaced)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tokens.json"])
        try FileTokenStore(url: url).clear()
        #expect(try FileTokenStore(url: url).load() == nil)
        try FileTokenStore(url: url).clear()
    }

    @Test func aDamagedFileIsAnErrorNotASignIn() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kit-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{not json".utf8).write(to: url)
        #expect(throws: (any Error).self) { try FileTokenStore(url: url).load() }
    }

    @Test func refreshIsDueWithinTheMargin() {
        let now = tokens.expiresAt
        #expect(!tokens.needsRefresh(at: now.addingTimeInterval(-61), margin: 60))
        #expect(tokens.needsRefresh(at: now.addingTimeInterval(-60), margin: 60))
        #expect(tokens.needsRefresh(at: now.addingTimeInterval(10), margin: 60))
    }
}
