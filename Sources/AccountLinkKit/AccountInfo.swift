import Foundation

/// `GET /api/account` (README.md, "The app's API").
public struct AccountInfo: Decodable, Equatable, Sendable {
    public struct Method: Decodable, Equatable, Sendable {
        /// `password`, `apple`, `google` or `passkey`.
        public let type: String
        /// A passkey's credential ID (base64url), for `removePasskey(id:)`.
        public let id: String?
        /// A passkey's name (e.g. "iPhone").
        public let name: String?
        /// A passkey is synced (iCloud Keychain): the BS flag as last seen.
        public let backedUp: Bool?
        public let email: String?
        public let isPrivateEmail: Bool?
        /// Apple's `real_user_status` (0 unsupported, 1 unknown, 2 likely real), when Apple sent it
        /// (https://developer.apple.com/documentation/authenticationservices/asuserdetectionstatus).
        public let realUserStatus: Int?
        /// Google's profile photo (`picture`), when Google sent one.
        public let picture: URL?

        enum CodingKeys: String, CodingKey {
            case type, email, picture, id, name
            case backedUp = "backed_up"
            case isPrivateEmail = "is_private_email"
            case realUserStatus = "real_user_status"
        }
    }

    public struct LinkedClient: Decodable, Equatable, Sendable {
        public let clientID: String
        public let name: String
        public let scope: String

        enum CodingKeys: String, CodingKey {
            case clientID = "client_id"
            case name, scope
        }
    }

    public let id: String
    public let email: String?
    public let emailVerified: Bool
    public let name: String?
    public let methods: [Method]
    public let linkedClients: [LinkedClient]

    enum CodingKeys: String, CodingKey {
        case id, email, name, methods
        case emailVerified = "email_verified"
        case linkedClients = "linked_clients"
    }

    /// True when the account can be signed in to with `type`.
    public func has(_ type: String) -> Bool { methods.contains { $0.type.utf8.elementsEqual(type.utf8) } }
}
