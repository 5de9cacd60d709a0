import OAuthCore

/// Revokes stored Apple refresh tokens at `/auth/revoke` for `AccountDeletionService` (App Store rule
/// 5.1.1(v), TN3194). Throwing keeps the revocation pending for `retryDue`.
public struct AppleTokenRevoker: ProviderTokenRevoker {
    public enum Failure: Error, Equatable {
        /// Only Apple tokens are revoked here; other providers' revocations stay pending.
        case unsupportedProvider(String)
    }

    let client: AppleClient
    let sealer: TokenSealer

    public init(client: AppleClient, sealer: TokenSealer) {
        self.client = client
        self.sealer = sealer
    }

    public func revoke(provider: OAuthCore.Identity.Provider, encryptedRefreshToken: [UInt8]) async throws {
        guard provider == .apple else { throw Failure.unsupportedProvider(provider.rawValue) }
        let token = try sealer.open(encryptedRefreshToken, provider: .apple)
        // token_type_hint=refresh_token: we only ever keep refresh tokens
        // (https://developer.apple.com/documentation/signinwithapplerestapi/revoke-tokens,
        // https://developer.apple.com/documentation/technotes/tn3194-handling-account-deletions-and-revoking-tokens-for-sign-in-with-apple).
        try await client.revoke(token.refreshToken, clientID: token.clientID, tokenTypeHint: "refresh_token")
    }
}
