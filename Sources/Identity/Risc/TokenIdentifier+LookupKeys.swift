import JOSE
import OAuthCore
import Support

/// The keys a stored Google refresh token is kept under (`ThirdPartyToken.LookupKeys`), so that a
/// `token-revoked` event finds its row by index (LifecycleSignalStore.thirdPartyTokens(provider:key:))
/// instead of opening every stored token. A candidate found this way is still opened and checked with
/// `matches`, which stays the rule.
extension SecurityEvent.TokenIdentifier {
    /// `prefix` is a MAC under `macKey` (TokenSealer.lookupMACKey) of the bytes the `prefix` algorithm names,
    /// so the table holds no part of the token; `hash` is the `hash_base64_sha512_sha512` value itself,
    /// one-way already.
    static func lookupKeys(of token: String, macKey: [UInt8]) -> ThirdPartyToken.LookupKeys {
        ThirdPartyToken.LookupKeys(prefix: prefixMAC(prefix(of: token), macKey), hash: hashValue(of: token))
    }

    /// The key a token this identifier names is stored under; nil for an algorithm we do not know.
    func lookupKey(macKey: [UInt8]) -> ThirdPartyToken.LookupKey? {
        if algorithm.sameBytes("prefix") { return .prefix(Self.prefixMAC(Array(value.utf8), macKey)) }
        if algorithm.sameBytes("hash_base64_sha512_sha512") { return .hash(value) }
        return nil
    }

    private static func prefixMAC(_ bytes: [UInt8], _ macKey: [UInt8]) -> String {
        Base64URL.encode(HMACSHA256.authenticate(key: macKey, data: bytes))
    }
}
