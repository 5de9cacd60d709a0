import Foundation
import Support

/// Apple's user migration endpoints for an app transfer between teams
/// (https://developer.apple.com/documentation/signinwithapple/bringing-new-apps-and-users-into-your-team;
/// https://developer.apple.com/documentation/signinwithapple/transferring-your-apps-and-users-to-another-team).
extension AppleClient {
    /// What `/auth/usermigrationinfo` answers the recipient team for one transfer identifier.
    public struct MigratedUser: Sendable, Equatable, Decodable {
        public let sub: String
        /// The new team's private relay address, only when the person used one.
        public let email: String?
        public let isPrivateEmail: Bool?

        enum CodingKeys: String, CodingKey { case sub, email, isPrivateEmail = "is_private_email" }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sub = try c.decode(String.self, forKey: .sub)
            email = try c.decodeIfPresent(String.self, forKey: .email)
            // Apple writes booleans as JSON booleans or as "true"/"false"
            // (https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple).
            isPrivateEmail = (try? c.decodeIfPresent(Bool.self, forKey: .isPrivateEmail))
                ?? (try? c.decodeIfPresent(String.self, forKey: .isPrivateEmail)).flatMap { $0.map { $0 == "true" } }
        }
    }

    /// `client_credentials` with `scope=user.migration`: the app access token both steps need (one hour).
    public func migrationAccessToken(clientID: String) async throws -> String {
        let form = try clientForm(clientID, [("grant_type", "client_credentials"), ("scope", "user.migration")])
        let object = try ProviderEndpoint.object(try await post("auth/token", form))
        guard let token = object["access_token"] as? String, !token.isEmpty else {
            throw ProviderCallError.invalidResponse("the client_credentials answer has no access_token")
        }
        return token
    }

    /// Sending team: the transfer identifier of one of our users for the recipient team.
    public func transferSubject(sub: String, recipientTeam: String, clientID: String, accessToken: String) async throws -> String {
        let form = try clientForm(clientID, [("sub", sub), ("target", recipientTeam)])
        let object = try ProviderEndpoint.object(try await post("auth/usermigrationinfo", form, bearer: accessToken))
        guard let transferSub = object["transfer_sub"] as? String, !transferSub.isEmpty else {
            throw ProviderCallError.invalidResponse("usermigrationinfo answered no transfer_sub")
        }
        return transferSub
    }

    /// Recipient team: the new team-scoped `sub` (and relay address) for a transfer identifier.
    public func migratedUser(transferSub: String, clientID: String, accessToken: String) async throws -> MigratedUser {
        let form = try clientForm(clientID, [("transfer_sub", transferSub)])
        let body = try await post("auth/usermigrationinfo", form, bearer: accessToken)
        return try ProviderEndpoint.decode(MigratedUser.self, body, "usermigrationinfo answered no sub")
    }
}
