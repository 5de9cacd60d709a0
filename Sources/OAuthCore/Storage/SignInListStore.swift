import Foundation

/// What the account page lists of a person's sign-ins (docs/accounts-and-email.md, "Sessions and app
/// sign-ins"): live web sessions with where and when they were last seen, and when an app sign-in last got a
/// token. Reads only, but `recordSessionUse`, which a page request of the session calls at most once per
/// `WebSessions.useGranularity` (never the token path). Conformance: Sources/StoreConformance/Cases+SignIns.swift.
public protocol SignInListStore {
    /// The account's sessions that have not expired at `time`, the most recently used first (a session
    /// never seen again counts from its start).
    func liveSessions(accountID: String, at time: Date) throws -> [Session]
    /// Sets the session's `lastUsedAt` and `origin`. Nothing happens when it is gone.
    func recordSessionUse(hash: String, at time: Date, origin: SignInOrigin) throws
    /// The newest `createdAt` of an access or refresh token issued under each of these grants (a refresh
    /// writes one, so this is when the app was last active), by grant ID; a grant with no token is absent.
    func lastTokenIssued(grantIDs: [String]) throws -> [String: Date]
}
