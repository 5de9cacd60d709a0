import Foundation
import JOSE
import OAuthCore
import Support

/// A provider refresh token with the client id it was issued to: Apple's `/auth/revoke` needs that
/// exact client id (bundle ID vs Services ID,
/// https://developer.apple.com/documentation/signinwithapplerestapi/revoke-tokens), and `ThirdPartyToken` has
/// no column for it.
public struct ProviderToken: Sendable, Equatable, Codable {
    public let clientID: String
    public let refreshToken: String

    public init(clientID: String, refreshToken: String) {
        self.clientID = clientID
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", refreshToken = "refresh_token"
    }
}

/// Seals provider tokens with AES-256-GCM under the master key (docs/architecture.md, Decisions: refresh
/// tokens encrypted at rest). The associated data names the provider, so an Apple blob cannot be replayed as
/// another provider's; the identity is not bound because a `PendingRevocation` no longer knows it.
public struct TokenSealer: Sendable {
    private let masterKey: [UInt8]
    private let random: any RandomSource
    /// The key of the MACs a stored token is looked up by (TokenIdentifier+LookupKeys.swift), derived
    /// from the master key with its own label (HMAC-SHA-256 as a PRF, RFC 2104), so that neither key
    /// serves the other's purpose.
    let lookupMACKey: [UInt8]

    public init(masterKey: [UInt8], random: any RandomSource = SystemRandom()) throws {
        guard masterKey.count == AESGCM.keySize else {
            throw ProviderCallError.configuration("the master key must be 32 bytes")
        }
        self.masterKey = masterKey
        self.random = random
        lookupMACKey = HMACSHA256.authenticate(key: masterKey, data: Array("accountlink.provider-token-lookup.v1".utf8))
    }

    private static func associatedData(_ provider: LinkedIdentity.Provider) -> [UInt8] {
        Array("accountlink.third-party-token.v1:\(provider.rawValue)".utf8)
    }

    public func seal(_ token: ProviderToken, provider: LinkedIdentity.Provider) throws -> [UInt8] {
        let plaintext = try JSONEncoder().encode(token)
        return try AESGCM.seal(Array(plaintext), key: masterKey, associatedData: Self.associatedData(provider),
                               random: random)
    }

    /// The keys Google's `token-revoked` finds the sealed token by; nil for another provider (none names
    /// a token in its events) or a token that does not open.
    func lookupKeys(_ sealed: [UInt8], provider: LinkedIdentity.Provider) -> ThirdPartyToken.LookupKeys? {
        guard provider == .google, let token = try? open(sealed, provider: provider) else { return nil }
        return lookupKeys(of: token.refreshToken)
    }

    /// The keys of a refresh token already opened.
    func lookupKeys(of refreshToken: String) -> ThirdPartyToken.LookupKeys {
        SecurityEvent.TokenIdentifier.lookupKeys(of: refreshToken, macKey: lookupMACKey)
    }

    /// The key a stored token named by `identifier` is kept under; nil for an algorithm we do not know.
    func lookupKey(for identifier: SecurityEvent.TokenIdentifier) -> ThirdPartyToken.LookupKey? {
        identifier.lookupKey(macKey: lookupMACKey)
    }

    /// Throws when the master key, the provider or any byte differs.
    public func open(_ sealed: [UInt8], provider: LinkedIdentity.Provider) throws -> ProviderToken {
        let plaintext = try AESGCM.open(sealed, key: masterKey, associatedData: Self.associatedData(provider))
        return try JSONDecoder().decode(ProviderToken.self, from: Data(plaintext))
    }
}
