import Foundation
import JOSE
import OAuthCore
import Support

/// A verified identity waiting for proof of the account that owns its email. Kept as an `Interaction`
/// whose id is `link:` + hex SHA-256 of the link token (the token itself is never stored,
/// docs/architecture.md rule 7).
struct PendingLink: Codable, Equatable {
    var provider: String
    var subject: String
    var email: String
    var emailVerified: Bool
    var isPrivateEmail: Bool
    var realUserStatus: Int?
    var displayName: String?
    var ownerAccountID: String
    /// Apple's refresh token (already sealed) from the code exchanged during this sign-in (5-minute codes
    /// cannot wait for the proof,
    /// https://developer.apple.com/documentation/signinwithapple/configuring-your-webpage-for-sign-in-with-apple).
    var sealedAppleToken: [UInt8]?
    /// Google's refresh token (already sealed) from the offline-access code of this sign-in.
    var sealedGoogleToken: [UInt8]? = nil
    /// The pending revocation that holds that token until the link is redeemed (then it is cancelled).
    var revocationID: String? = nil

    static func interactionID(token: String) -> String { "link:" + Hex.encode(SHA256.hash(token)) }

    func identity(id: String, accountID: String, at now: Date) -> LinkedIdentity? {
        guard let provider = LinkedIdentity.Provider(rawValue: provider), provider != .password else { return nil }
        return LinkedIdentity(id: id, accountID: accountID, provider: provider, subject: subject, email: email,
                                  emailVerified: emailVerified, isPrivateEmail: isPrivateEmail,
                                  realUserStatus: realUserStatus, firstSignInAt: now, lastSignInAt: now)
    }
}
