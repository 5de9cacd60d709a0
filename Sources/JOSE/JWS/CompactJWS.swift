import Support

/// A parsed, NOT yet verified JWS Compact Serialization (RFC 7515 §7.1). Obtain a trusted one
/// only through `JWS.verify`; the payload of an unverified value must not be acted on.
public struct CompactJWS: Sendable {
    /// Tokens longer than this are refused before any decoding (a bound on work and memory).
    public static let maximumLength = 16 * 1024

    public let header: JWSHeader
    public let payload: [UInt8]
    public let signature: [UInt8]
    /// ASCII(BASE64URL(header) ‖ '.' ‖ BASE64URL(payload)), RFC 7515 §5.1 step 5.
    public let signingInput: [UInt8]

    public init(parsing token: String) throws(JOSEError) {
        let length = token.utf8.count
        guard length <= Self.maximumLength else {
            throw JOSEError(.tooLarge, "the token is \(length) bytes; the limit is \(Self.maximumLength)")
        }
        // RFC 7515 §7.1: exactly three parts separated by two periods.
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw JOSEError(.malformed, "a compact JWS has three dot-separated parts, this has \(parts.count)")
        }
        let headerBytes = try Self.decode(parts[0], what: "header")
        header = try JWSHeader(JSONParser.parseObject(headerBytes, what: "the JOSE header"))
        payload = try Self.decode(parts[1], what: "payload")
        signature = try Self.decode(parts[2], what: "signature")
        signingInput = Array(token.utf8.prefix(parts[0].count + 1 + parts[1].count))
    }

    private static func decode(_ part: Substring.UTF8View, what: String) throws(JOSEError) -> [UInt8] {
        do {
            return try Base64URL.decode(Substring(part))
        } catch {
            throw JOSEError(.malformed, "the \(what) is not valid unpadded base64url: \(error.description)")
        }
    }

    /// The payload as a JSON object: the JWT Claims Set (RFC 7519 §7.2 step 10).
    public func claims() throws(JOSEError) -> JWTClaims {
        JWTClaims(try JSONParser.parseObject(payload, what: "the JWT claims set"))
    }
}
