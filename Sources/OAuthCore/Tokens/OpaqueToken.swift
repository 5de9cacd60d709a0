import JOSE
import Support

/// Opaque bearer strings (docs/architecture.md, Decisions): a short type prefix and 32 random bytes (256
/// bits) in base64url. The prefix tells revocation (RFC 7009 §2.1 `token_type_hint`) and secret
/// scanners what a string is; it adds no secrecy.
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

    /// The kind its prefix claims, or nil for a foreign string.
    public static func kind(of token: String) -> Kind? {
        Kind.allCases.first { token.utf8.starts(with: $0.rawValue.utf8) }
    }

    /// What the store keeps and is searched by: base64url(SHA-256(token)). A plain hash suffices
    /// because the input has 256 bits of entropy (no dictionary to attack).
    public static func hash(_ token: String) -> String {
        Base64URL.encode(SHA256.hash(token))
    }
}
