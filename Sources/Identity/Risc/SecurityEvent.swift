import Foundation
import JOSE
import Support

/// One event of a verified security event token (RFC 8417 §2.2), as Google's Cross-Account Protection
/// sends them (https://developers.google.com/identity/protocols/risc, "Supported event types").
public struct SecurityEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case sessionsRevoked, tokensRevoked, tokenRevoked, accountDisabled, accountEnabled
        case credentialChangeRequired, verification
        case other

        /// The kind an event type URI names, compared as bytes (a protocol value).
        static func of(_ type: String) -> Kind { byType.first { $0.uri.sameBytes(type) }?.kind ?? .other }

        static let byType: [(uri: String, kind: Kind)] = [
            ("https://schemas.openid.net/secevent/risc/event-type/sessions-revoked", .sessionsRevoked),
            ("https://schemas.openid.net/secevent/oauth/event-type/tokens-revoked", .tokensRevoked),
            ("https://schemas.openid.net/secevent/oauth/event-type/token-revoked", .tokenRevoked),
            ("https://schemas.openid.net/secevent/risc/event-type/account-disabled", .accountDisabled),
            ("https://schemas.openid.net/secevent/risc/event-type/account-enabled", .accountEnabled),
            ("https://schemas.openid.net/secevent/risc/event-type/account-credential-change-required", .credentialChangeRequired),
            ("https://schemas.openid.net/secevent/risc/event-type/verification", .verification),
        ]
    }

    /// An `oauth_token` subject: `prefix` (the first 16 characters) or `hash_base64_sha512_sha512`.
    public struct TokenIdentifier: Sendable, Equatable {
        public let algorithm: String
        public let value: String

        /// Whether `token` is the refresh token this identifier names (compared in constant time).
        public func matches(_ token: String) -> Bool {
            if algorithm.sameBytes("prefix") {
                return ConstantTime.equals(Self.prefix(of: token), Array(value.utf8))
            }
            guard algorithm.sameBytes("hash_base64_sha512_sha512") else { return false }
            return ConstantTime.equals(Array(Self.hashValue(of: token).utf8), Array(value.utf8))
        }

        /// What the `prefix` algorithm names a token by: its first 16 bytes.
        static func prefix(of token: String) -> [UInt8] { Array(token.utf8.prefix(16)) }

        /// What `hash_base64_sha512_sha512` names a token by: base64 of SHA-512 applied twice.
        static func hashValue(of token: String) -> String {
            Data(SHA512.hash(SHA512.hash(Array(token.utf8)))).base64EncodedString()
        }
    }

    public struct Malformed: Error, Equatable { public let reason: String }

    public let type: String
    public let kind: Kind
    /// The Google Account ID (`sub`) of an `iss-sub` or `id_token_claims` subject from this issuer.
    public let subject: String?
    public let token: TokenIdentifier?
    public let reason: String?
    public let state: String?

    /// Every event of the token, in a stable order; `issuer` is the token's verified `iss`.
    static func parse(_ events: [String: JSONValue], issuer: String) throws(Malformed) -> [SecurityEvent] {
        var parsed: [SecurityEvent] = []
        for (type, value) in events.sorted(by: { $0.key < $1.key }) {
            guard let body = value.objectValue else { throw Malformed(reason: "the event \(type) is not an object") }
            let subject = body["subject"]?.objectValue ?? [:]
            parsed.append(SecurityEvent(
                type: type, kind: Kind.of(type), subject: Self.googleSubject(subject, issuer: issuer),
                token: Self.tokenIdentifier(subject), reason: body["reason"]?.stringValue, state: body["state"]?.stringValue))
        }
        return parsed
    }

    /// Subjects naming another issuer are not Google accounts of ours (RISC profile, `iss-sub`).
    static func googleSubject(_ subject: [String: JSONValue], issuer: String) -> String? {
        guard let sub = subject["sub"]?.stringValue, !sub.isEmpty, sub.utf8.count <= 255 else { return nil }
        if let iss = subject["iss"]?.stringValue, !Self.trimmed(iss).sameBytes(Self.trimmed(issuer)) {
            return nil
        }
        return sub
    }

    static func tokenIdentifier(_ subject: [String: JSONValue]) -> TokenIdentifier? {
        guard subject["subject_type"]?.stringValue?.sameBytes("oauth_token") == true,
            let algorithm = subject["token_identifier_alg"]?.stringValue, let value = subject["token"]?.stringValue,
            !value.isEmpty
        else { return nil }
        return TokenIdentifier(algorithm: algorithm, value: value)
    }

    private static func trimmed(_ text: String) -> String { text.hasSuffix("/") ? String(text.dropLast()) : text }
}

extension SecurityEvent.Malformed: CustomStringConvertible {
    public var description: String { reason }
}
