import Foundation
import JOSE
import OAuthCore
import Support

/// The maker's app's own account API (README "The app's API": `/api/account…`,
/// `/api/logout`). Every call names the account by a Bearer access token of a first-party client
/// (RFC 6750 §2.1); one flow per file: the summary, adding and removing identities, signing out.
public struct AppAccountAPI: Sendable {
    /// What the HTTP side answers with its own status: the account JSON, or a refusal code of the contract.
    public enum Refusal: Error, Equatable {
        /// 409: another account has that Apple or Google identity.
        case identityInUse
        /// 409: removing it would leave the account without a way to sign in.
        case lastMethod
        /// 400: the account has no sign-in method of that type, or the type is unknown.
        case noSuchMethod
        /// 400: the upgrade to Apple needs an account that signs in with a password.
        case noPassword
        /// 400: the current password given to change it is wrong.
        case wrongCurrentPassword
        /// 429: too many wrong current passwords for now (the account's login throttle).
        case throttled
        /// 400: the new password breaks the policy (PasswordPolicy).
        case weakPassword(PasswordPolicy.Violation)
        /// 403: the account was made through sign-up and its address is not proven: no further method
        /// may be added until it is (`UnprovenAccountRule`).
        case emailUnverified
    }

    let environment: OAuthEnvironment
    let signIn: SignInService
    let check: IdentityTokenCheck

    public init(environment: OAuthEnvironment, signIn: SignInService, check: IdentityTokenCheck) {
        self.environment = environment
        self.signIn = signIn
        self.check = check
    }

    /// The access token's sign-in (FirstPartyBearer); only the maker's app's tokens reach the account
    /// API (Google's tokens for the account link never do). RFC 6750 §3.1: `invalid_token` when the
    /// token is missing or not live (or its account is not active), `insufficient_scope` for another client's.
    public func bearer(_ authorization: String?) async throws -> TokenService.Bearer {
        do {
            return try await FirstPartyBearer(environment: environment).verify(authorization)
        } catch FirstPartyBearer.Refusal.missing {
            throw OAuthError(.invalidToken, "a Bearer access token is required")
        } catch FirstPartyBearer.Refusal.notFirstParty {
            throw OAuthError(.insufficientScope, "only the app's own tokens may use the account API")
        } catch is FirstPartyBearer.Refusal {
            throw OAuthError(.invalidToken, "the access token is invalid")
        }
    }
}
