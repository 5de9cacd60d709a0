import OAuthCore

/// The one revoker of stored provider refresh tokens, keyed by provider, behind the single
/// pending-revocation queue of `AccountDeletionService` (Sources/Identity/Accounts/AccountDeletion.swift):
/// Apple at `/auth/revoke` (App Store rule 5.1.1(v),
/// https://developer.apple.com/documentation/technotes/tn3194-handling-account-deletions-and-revoking-tokens-for-sign-in-with-apple),
/// Google at its revocation endpoint (offline access,
/// https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke). Throwing keeps the
/// revocation pending; a provider without a configured client keeps its revocations pending, never dropped.
public struct ProviderRevoker: ProviderTokenRevoker {
    public enum Failure: Error, Equatable {
        /// No client is configured for this provider.
        case unsupportedProvider(String)
    }

    let sealer: TokenSealer
    let apple: AppleClient?
    let google: GoogleClient?

    public init(sealer: TokenSealer, apple: AppleClient? = nil, google: GoogleClient? = nil) {
        self.sealer = sealer
        self.apple = apple
        self.google = google
    }

    public func revoke(provider: LinkedIdentity.Provider, encryptedRefreshToken: [UInt8]) async throws {
        switch provider {
        case .apple where apple != nil:
            let token = try sealer.open(encryptedRefreshToken, provider: .apple)
            // token_type_hint=refresh_token: we only ever keep refresh tokens (Apple's revoke-tokens page).
            try await apple?.revoke(token.refreshToken, clientID: token.clientID, tokenTypeHint: "refresh_token")
        case .google where google != nil:
            try await google?.revoke(try sealer.open(encryptedRefreshToken, provider: .google).refreshToken)
        default: throw Failure.unsupportedProvider(provider.rawValue)
        }
    }
}
