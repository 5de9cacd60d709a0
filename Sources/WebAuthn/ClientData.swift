import JOSE
import Support

/// The client data (W3C WebAuthn Level 3 §5.8.1) and the relying party's checks of it (§7.1 steps
/// 7–10, §7.2 steps 11–14): the type, the challenge (compared as bytes, in constant time), the
/// origin (one of ours, compared as UTF-8 bytes) and no cross-origin iframe.
public struct ClientData: Sendable {
    public enum Ceremony: String, Sendable {
        case create = "webauthn.create"
        case get = "webauthn.get"
    }

    public static let maximumSize = 8 * 1024

    public let json: [UInt8]
    public let type: String
    public let challenge: [UInt8]
    public let origin: String
    public let crossOrigin: Bool

    public init(json: [UInt8]) throws(WebAuthnError) {
        guard json.count <= Self.maximumSize, let object = try? JSONValue(parsing: json).objectValue else {
            throw WebAuthnError(.malformedClientData, "clientDataJSON is not a JSON object")
        }
        guard let type = object["type"]?.stringValue, let challenge = object["challenge"]?.stringValue,
              let origin = object["origin"]?.stringValue
        else { throw WebAuthnError(.malformedClientData, "clientDataJSON lacks type, challenge or origin") }
        guard let decoded = try? Base64URL.decode(challenge) else {
            throw WebAuthnError(.malformedClientData, "the challenge is not base64url")
        }
        self.json = json
        self.type = type
        self.challenge = decoded
        self.origin = origin
        crossOrigin = object["crossOrigin"]?.boolValue ?? false
    }

    public var hash: [UInt8] { SHA256.hash(json) }

    public func check(_ ceremony: Ceremony, challenge expected: [UInt8], origins: [String]) throws(WebAuthnError) {
        guard type.sameBytes(ceremony.rawValue) else { throw WebAuthnError(.wrongType, "type is \(type)") }
        guard ConstantTime.equals(challenge, expected) else { throw WebAuthnError(.wrongChallenge, "not the flow's challenge") }
        guard origins.containsBytes(origin) else { throw WebAuthnError(.wrongOrigin, "origin \(origin) is not accepted") }
        // §7.1 step 10 / §7.2 step 14: we never embed the ceremony in another site's iframe.
        guard !crossOrigin else { throw WebAuthnError(.crossOrigin, "crossOrigin is true") }
    }
}
