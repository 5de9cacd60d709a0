#if canImport(Security)
import Foundation
import Security

/// Tokens as one Keychain item (`KeychainValueStore`: readable after the first unlock, never synced or
/// restored to another device).
public struct KeychainTokenStore: TokenStore {
    public let service: String
    public let account: String
    private let keychain: KeychainValueStore

    public init(service: String, account: String = "accountlink.tokens") {
        self.service = service
        self.account = account
        keychain = KeychainValueStore(service: service)
    }

    public func load() throws -> TokenSet? {
        try keychain.data(for: account).map { try FileTokenStore.decoder.decode(TokenSet.self, from: $0) }
    }

    public func save(_ tokens: TokenSet) throws {
        try keychain.set(try FileTokenStore.encoder.encode(tokens), for: account)
    }

    public func clear() throws { try keychain.set(nil, for: account) }
}

public struct KeychainError: Error, Equatable {
    public let status: OSStatus
}
#endif
