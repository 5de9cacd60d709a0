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

    /// The account's linked clients, oldest first, with their display names: one entry per client
    /// (the maker's app has one grant per sign-in), its scope the union of that client's grants.
    public func list(accountID: String) throws(OAuthError) -> [LinkedService] {
        try OAuthError.mapping {
            var services: [LinkedService] = []
            for grant in try environment.storage.activeGrants(accountID: accountID) {
                if let index = services.firstIndex(where: { $0.clientID.sameBytes(grant.clientID) }) {
                    services[index].scope += grant.scope.filter { !services[index].scope.containsBytes($0) }
                    continue
                }
                services.append(LinkedService(
                    grantID: grant.id, clientID: grant.clientID,
                    clientName: try environment.storage.client(id: grant.clientID)?.name ?? grant.clientID,
                    scope: grant.scope, linkedAt: grant.createdAt))
            }
            return services
        }
    }

    /// Revokes the grant, and every other active grant of the account to the same client, with every
    /// code and token under them, in one transaction; false when it is not this account's active grant.
    public func unlink(grantID: String, accountID: String) throws(OAuthError) -> Bool {
        try OAuthError.mapping {
            let now = environment.clock.now()
            return try environment.storage.transaction { tx in
                guard let grant = try tx.grant(id: grantID), grant.accountID.sameBytes(accountID), grant.isActive
                else { return false }
                let sameClient = try tx.activeGrants(accountID: accountID).filter { $0.clientID.sameBytes(grant.clientID) }
                // This grant is one of them. In GrantLockOrder, as every revocation of several grants.
                for ending in GrantLockOrder.sorted(sameClient) where try tx.revokeGrant(id: ending.id, at: now) {
                    try EventOutbox.grantEnded(ending, reason: .user, in: tx, at: now, random: environment.random)
                }
                environment.audit(.grantUnlink, accountID: accountID, clientID: grant.clientID, in: tx)
                return true
            }
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
