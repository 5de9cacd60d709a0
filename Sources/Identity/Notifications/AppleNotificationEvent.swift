import Foundation
import JOSE

/// The `events` member of an Apple notification
/// (https://developer.apple.com/documentation/signinwithapple/processing-changes-for-sign-in-with-apple-accounts),
/// decoded defensively:
/// an object or a JSON-encoded string; `event_time` in seconds or milliseconds; both spellings of the
/// Apple-ID deletion type.
public struct AppleNotificationEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case emailDisabled, emailEnabled, consentRevoked, accountDeleted
        case other(String)

        init(_ wire: String) {
            switch wire {
            case "email-disabled": self = .emailDisabled
            case "email-enabled": self = .emailEnabled
            case "consent-revoked": self = .consentRevoked
            // Older Apple pages and real deliveries say `account-delete`, newer pages `account-deleted`.
            case "account-delete", "account-deleted": self = .accountDeleted
            default: self = .other(wire)
            }
        }
    }

    public let type: String
    public let kind: Kind
    public let subject: String
    public let email: String?
    public let isPrivateEmail: Bool?
    public let eventTime: Date?

    public enum Malformed: Error, Equatable { case events(String) }

    init(claims: JWTClaims) throws {
        let members: [String: Any]
        switch claims["events"] {
        case .object(let object)?: members = object.mapValues(Self.foundation)
        case .string(let text)?:
            guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
                throw Malformed.events("the \"events\" string is not a JSON object")
            }
            members = object
        default: throw Malformed.events("\"events\" is missing or neither an object nor a string")
        }
        guard let type = members["type"] as? String, !type.isEmpty else { throw Malformed.events("events.type is missing") }
        guard let subject = members["sub"] as? String, !subject.isEmpty else { throw Malformed.events("events.sub is missing") }
        self.type = type
        kind = Kind(type)
        self.subject = subject
        email = members["email"] as? String
        isPrivateEmail = Self.flexibleBool(members["is_private_email"])
        eventTime = Self.time(members["event_time"])
    }

    /// Seconds (Apple's example) or milliseconds (a real delivery, `1608693364100`), told apart by size.
    static func time(_ value: Any?) -> Date? {
        let number: Double? = (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init)
        guard let number, number.isFinite, number > 0 else { return nil }
        return Date(timeIntervalSince1970: number > 100_000_000_000 ? number / 1000 : number)
    }

    static func flexibleBool(_ value: Any?) -> Bool? {
        if let text = value as? String { return text == "true" ? true : text == "false" ? false : nil }
        return (value as? NSNumber)?.boolValue
    }

    static func foundation(_ value: JSONValue) -> Any {
        switch value {
        case .string(let text): return text
        case .int(let number): return NSNumber(value: number)
        case .double(let number): return NSNumber(value: number)
        case .bool(let flag): return NSNumber(value: flag)
        case .array(let items): return items.map(foundation)
        case .object(let object): return object.mapValues(foundation)
        case .null: return NSNull()
        }
    }
}
