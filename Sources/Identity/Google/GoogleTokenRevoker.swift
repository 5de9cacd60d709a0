import OAuthCore

/// Revokes stored Google refresh tokens (offline access) at Google's revocation endpoint, for the
/// pending-revocation queue of `AccountDeletionService`. Throwing keeps the revocation pending.
public struct GoogleTokenRevoker: ProviderTokenRevoker {
    let client: GoogleClient
    let sealer: TokenSealer

    public init(client: GoogleClient, sealer: TokenSealer) {
        self.client = client
        self.sealer = sealer
    }

    public func revoke(provider: OAuthCore.Identity.Provider, encryptedRefreshToken: [UInt8]) async throws {
        guard provider == .google else { throw AppleTokenRevoker.Failure.unsupportedProvider(provider.rawValue) }
        let token = try sealer.open(encryptedRefreshToken, provider: .google)
        try await client.revoke(token.refreshToken)
    }
}

/// One revoker per provider behind the single queue (Sources/Identity/Accounts/AccountDeletion.swift):
/// a provider without a configured client keeps its revocations pending, never dropped.
public struct ProviderRevokers: ProviderTokenRevoker {
    let revokers: [OAuthCore.Identity.Provider: any ProviderTokenRevoker]

    public init(apple: (any ProviderTokenRevoker)?, google: (any ProviderTokenRevoker)?) {
        var revokers: [OAuthCore.Identity.Provider: any ProviderTokenRevoker] = [:]
        revokers[.apple] = apple
        revokers[.google] = google
        self.revokers = revokers
    }

    public func revoke(provider: OAuthCore.Identity.Provider, encryptedRefreshToken: [UInt8]) async throws {
        guard let revoker = revokers[provider] else {
            throw AppleTokenRevoker.Failure.unsupportedProvider(provider.rawValue)
        }
        try await revoker.revoke(provider: provider, encryptedRefreshToken: encryptedRefreshToken)
    }
}
