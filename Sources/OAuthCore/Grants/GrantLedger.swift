import Foundation

/// Grants as records: "account X linked to client Y with these scopes" (docs/architecture.md, Data).
enum GrantLedger {
    /// The active grant of the account to the client, its scope extended to cover `scope`, or a new
    /// one. Run inside the caller's transaction.
    static func grant(
        accountID: String, clientID: String, scope: [String], in storage: any GrantStore,
        environment: OAuthEnvironment
    ) throws -> Grant {
        if var grant = try storage.activeGrant(accountID: accountID, clientID: clientID) {
            let missing = scope.filter { !grant.scope.containsBytes($0) }
            if !missing.isEmpty {
                grant.scope += missing
                try storage.updateGrantScope(id: grant.id, scope: grant.scope)
            }
            return grant
        }
        return try signIn(accountID: accountID, clientID: clientID, scope: scope, in: storage, environment: environment)
    }

    /// A new grant: one first-party sign-in (its tokens end together when it is revoked), with where it
    /// came from for the account page (`SignInOrigin.current`).
    static func signIn(
        accountID: String, clientID: String, scope: [String], in storage: any GrantStore,
        environment: OAuthEnvironment
    ) throws -> Grant {
        let grant = newGrant(accountID: accountID, clientID: clientID, scope: scope, environment: environment)
        try storage.insertGrant(grant)
        return grant
    }

    /// A new grant's record, not yet written, with where its sign-in came from.
    static func newGrant(accountID: String, clientID: String, scope: [String], environment: OAuthEnvironment) -> Grant {
        Grant(
            id: "grt_" + environment.random.token(byteCount: 16), accountID: accountID,
            clientID: clientID, scope: scope, createdAt: environment.clock.now(), origin: SignInOrigin.current)
    }
}
