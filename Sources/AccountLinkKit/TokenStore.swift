import Foundation

/// Where the app's tokens live between launches. Implementations must be safe to call from any
/// thread; the kit reads and writes through `TokenSession`, one actor, so calls never overlap.
/// On Apple platforms use `KeychainTokenStore`; `FileTokenStore` and `MemoryTokenStore` elsewhere.
public protocol TokenStore: Sendable {
    func load() throws -> TokenSet?
    func save(_ tokens: TokenSet) throws
    func clear() throws
}

/// Tokens for the life of the process (tests, previews, an app that signs in on every launch).
public final class MemoryTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: TokenSet?

    public init(_ tokens: TokenSet? = nil) {
        self.tokens = tokens
    }

    public func load() -> TokenSet? { lock.withLock { tokens } }
    public func save(_ tokens: TokenSet) { lock.withLock { self.tokens = tokens } }
    public func clear() { lock.withLock { tokens = nil } }
}

/// Tokens in one JSON file readable only by its owner (0600), replaced atomically on each save
/// (a crash leaves the old file or the new one, never half of each). For Linux and command-line
/// tools; an iOS app should prefer `KeychainTokenStore`.
public struct FileTokenStore: TokenStore {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func load() throws -> TokenSet? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Self.decoder.decode(TokenSet.self, from: Data(contentsOf: url))
    }

    public func save(_ tokens: TokenSet) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: try Self.encoder.encode(tokens),
                                             attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
        // rename(2) replaces the destination atomically.
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    public func clear() throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
