import Foundation
import JOSE
import Support

/// Opaque bearer strings (docs/architecture.md, Decisions): a short type prefix and 32 random bytes (256
/// bits) in base64url. The prefix tells revocation (RFC 7009 §2.1 `token_type_hint`) and secret
/// scanners what a string is; it adds no secrecy.
///
/// Access and refresh tokens, the kinds stored by the million, also carry their issue time: the prefix,
/// 12 lowercase hex digits of milliseconds since 1970 (the *selector*), then the 32 random bytes. The
/// store's key for such a token begins with `~` and the selector (`hash(_:)`), so a new token's row
/// lands at the right edge of the store's B-tree, beside the last one, instead of on a page picked by a
/// random hash: a batch of refreshes dirties one or two pages, not one per token, and at a million
/// stored tokens the WAL and its checkpoints stay as small as at a thousand (docs/performance-history.md,
/// Third round). The selector is not secret and is not what makes a token hard to guess; the random
/// bytes are. Tokens issued before it, without a selector, keep their plain-hash keys.
///
/// | prefix | what |
/// |---|---|
/// | `alc_` | authorization code |
/// | `ala_` | access token |
/// | `alr_` | refresh token |
/// | `als_` | browser session id |
/// | `alk_` | client secret |
public enum OpaqueToken {
    public enum Kind: String, Sendable, CaseIterable {
        case code = "alc_"
        case access = "ala_"
        case refresh = "alr_"
        case session = "als_"
        case clientSecret = "alk_"
    }

    public static let randomByteCount = 32

    public static func generate(_ kind: Kind, random: any RandomSource) -> String {
        kind.rawValue + random.token(byteCount: randomByteCount)
    }

    /// An access or refresh token issued at `time`: the prefix, the selector, the random part.
    public static func generate(_ kind: Kind, at time: Date, random: any RandomSource) -> String {
        precondition(kind.carriesSelector, "only access and refresh tokens carry their issue time")
        return kind.rawValue + selector(time) + random.token(byteCount: randomByteCount)
    }

    static let selectorLength = 12
    private static let randomPartLength = 43  // base64url of 32 bytes, unpadded
    private static let prefixLength = 4

    /// 12 lowercase hex digits of milliseconds since 1970 (until the year 10889): their byte order is
    /// their time order.
    static func selector(_ time: Date) -> String {
        let milliseconds = UInt64(max(0, (time.timeIntervalSince1970 * 1000).rounded(.down)))
        let bytes = (0..<6).reversed().map { UInt8(truncatingIfNeeded: milliseconds >> (8 * UInt64($0))) }
        return Hex.encode(bytes)
    }

    /// The kind its prefix claims, or nil for a foreign string.
    public static func kind(of token: String) -> Kind? {
        Kind.allCases.first { token.utf8.starts(with: $0.rawValue.utf8) }
    }

    /// What the store keeps and is searched by: base64url(SHA-256(token)), after `~` and the selector
    /// for a token that carries one. A plain hash suffices because the input has 256 bits of entropy (no
    /// dictionary to attack). `~` sorts after every base64url byte, so selector keys follow all others.
    public static func hash(_ token: String) -> String {
        let digest = Base64URL.encode(SHA256.hash(token))
        guard let selector = selector(of: token) else { return digest }
        return "~" + selector + digest
    }

    /// The selector of an access or refresh token of the selector form, read on bytes; nil otherwise.
    static func selector(of token: String) -> Substring? {
        var token = token
        let isSelectorForm = token.withUTF8 { bytes in
            guard bytes.count == prefixLength + selectorLength + randomPartLength, bytes[0] == UInt8(ascii: "a"),
                bytes[1] == UInt8(ascii: "l"), bytes[2] == UInt8(ascii: "a") || bytes[2] == UInt8(ascii: "r"),
                bytes[3] == UInt8(ascii: "_")
            else { return false }
            return bytes[prefixLength..<prefixLength + selectorLength].allSatisfy(Hex.isLowercaseDigit)
        }
        guard isSelectorForm else { return nil }
        let start = token.utf8.index(token.utf8.startIndex, offsetBy: prefixLength)
        return token[start..<token.utf8.index(start, offsetBy: selectorLength)]
    }
}

extension OpaqueToken.Kind {
    /// Access and refresh tokens carry their issue time (the selector); the other kinds are few.
    /// `selector(of:)` reads their prefixes, `ala_` and `alr_`, as bytes.
    public var carriesSelector: Bool { self == .access || self == .refresh }
}
