import Foundation
import Support

/// One service an account is linked to (for the account page and "unlink",
/// https://developers.home.google.com/cloud-to-cloud/enhancements/app-flip-ios).
public struct LinkedService: Sendable, Equatable {
    public var grantID: String
    public var clientID: String
    public var clientName: String
    public var scope: [String]
    public var linkedAt: Date

    public init(grantID: String, clientID: String, clientName: String, scope: [String], linkedAt: Date) {
        self.grantID = grantID
        self.clientID = clientID
        self.clientName = clientName
        self.scope = scope
        self.linkedAt = linkedAt
    }
}

/// Grants as the account sees them; unlinking is revoking the grant (docs/architecture.md, Data).
public struct LinkedServices: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// The account's active grants, oldest first, with their client's display name.
    public func list(accountID: String) throws(OAuthError) -> [LinkedService] {
        try OAuthError.mapping {
            try environment.storage.activeGrants(accountID: accountID).map { grant in
                LinkedService(
                    grantID: grant.id, clientID: grant.clientID,
                    clientName: try environment.storage.client(id: grant.clientID)?.name ?? grant.clientID,
                    scope: grant.scope, linkedAt: grant.createdAt)
            }
        }
    }

    /// Revokes the grant and every code and token under it; false when it is not this account's
    /// active grant.
    public func unlink(grantID: String, accountID: String) throws(OAuthError) -> Bool {
        try OAuthError.mapping {
            guard let grant = try environment.storage.grant(id: grantID), grant.accountID.sameBytes(accountID) else {
                return false
            }
            let revoked = try environment.storage.revokeGrant(id: grantID, at: environment.clock.now())
            if revoked { environment.audit("grant.unlink", accountID: accountID, clientID: grant.clientID) }
            return revoked
        }
    }
}

/// Background purge the server calls periodically: expired codes, access tokens, sessions and
/// interactions (refresh tokens without expiry stay), and old throttle entries.
public func purgeExpired(now: Date, environment: OAuthEnvironment) throws(OAuthError) -> Int {
    return try OAuthError.mapping {
        try environment.loginThrottle.purge(at: now, in: environment.storage)
        return try environment.storage.purgeExpired(before: now)
    }
}
