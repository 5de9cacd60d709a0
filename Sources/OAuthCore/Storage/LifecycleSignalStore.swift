import Foundation

/// A sign-in method the provider told us to hold: Google's Cross-Account Protection `account-disabled`
/// (https://developers.google.com/identity/protocols/risc, "Supported event types"). Keyed by
/// (provider, subject), not by identity, so that the hold also stops the same Google account from
/// being added to another account while it lasts.
public struct ProviderHold: Sendable, Equatable, Codable {
    public var provider: LinkedIdentity.Provider
    public var subject: String
    /// Google's `reason` (`hijacking`, `bulk-account`, …), empty when none was given.
    public var reason: String
    public var since: Date

    public init(provider: LinkedIdentity.Provider, subject: String, reason: String, since: Date) {
        self.provider = provider
        self.subject = subject
        self.reason = reason
        self.since = since
    }
}

/// What the providers' lifecycle signals need besides accounts: Google RISC receipts and holds, and lookups of
/// stored provider tokens by provider (Apple transfer progress is Identity's `AppleTransferStore`). Every
/// method is atomic on its own.
public protocol LifecycleSignalStore {
    /// Records the `jti` of a Google security event token (RFC 8417 §2.2); true when new, false for a
    /// redelivery. Of concurrent callers with one `jti` exactly one gets true.
    func recordSecurityEvent(jti: String, at time: Date) throws -> Bool

    /// Sets or replaces the hold on (provider, subject).
    func saveProviderHold(_ hold: ProviderHold) throws
    func providerHold(provider: LinkedIdentity.Provider, subject: String) throws -> ProviderHold?
    /// False if there was none.
    func deleteProviderHold(provider: LinkedIdentity.Provider, subject: String) throws -> Bool

    /// The stored tokens of one provider that may be the one `key` names, ordered by identity id: those
    /// stored under that key, and those stored without lookup keys (which only opening them can tell).
    /// Found by index, however many tokens are stored.
    func thirdPartyTokens(provider: LinkedIdentity.Provider, key: ThirdPartyToken.LookupKey) throws -> [ThirdPartyToken]
    /// Deletes the token stored for that identity (the identity stays). False if there was none.
    func deleteThirdPartyToken(identityID: String) throws -> Bool
}
