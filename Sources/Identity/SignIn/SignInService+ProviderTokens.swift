import Foundation
import JOSE
import OAuthCore
import Support

/// The code that comes with a sign-in: Apple's authorization code (with, for web codes, its redirect URI)
/// or Google's `serverAuthCode` (offline access).
enum ProviderCode: Sendable {
    case apple(code: String, redirectURI: String?)
    case google(code: String)
}

/// What happens when the code cannot be exchanged (docs/sign-in.md, "When a code exchange fails"):
/// - the provider is unreachable or failing (timeouts, 429, 5xx): the sign-in is refused as temporary
///   (503 `temporarily_unavailable`); nothing is created, and the app retries with the same code,
///   which the provider has not redeemed;
/// - the provider refuses the code (used, expired, for another client) or answers nonsense: when we
///   already hold a refresh token for this identity the sign-in goes on (revocation stays possible);
///   otherwise it is refused (`invalid_grant`: sign in with the provider again for a fresh code).
/// A signed-in person therefore never ends up without the token that deletion must revoke.
extension SignInService {
    func sealedProviderToken(_ code: ProviderCode?, identity: VerifiedIdentity,
                             existing: LinkedIdentity?) async throws -> [UInt8]? {
        guard let code else { return nil }
        do {
            switch code {
            case .apple(let code, let redirectURI):
                return try await apple?.sealedRefreshToken(code: code, identity: identity, redirectURI: redirectURI)
            case .google(let code):
                guard let google else { return nil }
                let sealed = try await google.sealedRefreshToken(code: code, identity: identity)
                if sealed == nil { logger.warning("google sent no refresh token for this offline-access code", [:]) }
                return sealed
            }
        } catch {
            let provider = code.provider
            let text = String(describing: error).prefix(200).description
            logger.warning("provider code exchange failed", ["identity.provider": provider.rawValue, "error": text])
            if (error as? ProviderCallError)?.isTemporary == true {
                throw Failure.providerUnavailable
            }
            if let existing, try storage.thirdPartyTokens(accountID: existing.accountID)
                .contains(where: { $0.identityID.sameBytes(existing.id) && $0.provider == provider }) {
                return nil
            }
            throw Failure.authorizationCodeRefused
        }
    }

    /// Keeps the sealed token for that identity. A token that cannot be kept is queued for revocation.
    func storeProviderToken(_ sealed: [UInt8]?, provider: LinkedIdentity.Provider, identityID: String,
                            accountID: String) {
        guard let sealed else { return }
        do {
            try storage.saveThirdPartyToken(ThirdPartyToken(identityID: identityID, accountID: accountID, provider: provider,
                                                            encryptedRefreshToken: sealed, createdAt: clock.now(),
                                                            lookupKeys: lookupKeys(sealed, provider: provider)))
        } catch {
            logger.error("storing the provider refresh token failed", ["account.id": accountID])
            abandon(sealed, provider: provider)
        }
    }

    /// What a provider's revocation event will name the token by (TokenSealer.lookupKeys: only Google's
    /// tokens have them, and only the Google exchange makes Google tokens).
    func lookupKeys(_ sealed: [UInt8], provider: LinkedIdentity.Provider) -> ThirdPartyToken.LookupKeys? {
        google?.sealer.lookupKeys(sealed, provider: provider)
    }

    /// A token we obtained but will not keep (the sign-in failed after the exchange) is revoked, not lost.
    func abandon(_ sealed: [UInt8]?, provider: LinkedIdentity.Provider) {
        guard let sealed else { return }
        try? storage.insertPendingRevocation(
            ProviderRevocationQueue.entry(provider, sealed, due: clock.now(), random: random))
    }
}

extension ProviderCode {
    var provider: LinkedIdentity.Provider {
        switch self {
        case .apple: .apple
        case .google: .google
        }
    }

    static func from(_ provider: SignInService.Provider, apple: String?, appleRedirectURI: String?,
                     google: String?) -> ProviderCode? {
        switch provider {
        case .apple: apple.flatMap { $0.isEmpty ? nil : .apple(code: $0, redirectURI: appleRedirectURI) }
        case .google: google.flatMap { $0.isEmpty ? nil : .google(code: $0) }
        }
    }
}
