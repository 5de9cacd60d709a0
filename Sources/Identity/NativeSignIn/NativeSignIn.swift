import Foundation
import JOSE
import OAuthCore
import Support

/// Native sign-in (docs/sign-in.md "Native"): the token-exchange grant's hook. Verifies the Apple or
/// Google identity token (`IdentityTokenCheck`), then finds, creates or asks to link the account.
public struct NativeSignIn: TokenExchangeHandler {
    let check: IdentityTokenCheck
    let signIn: SignInService

    public init(check: IdentityTokenCheck, signIn: SignInService) {
        self.check = check
        self.signIn = signIn
    }

    public func exchange(_ request: TokenExchangeRequest) async throws -> TokenExchangeResult {
        let p = request.parameters
        let (provider, identity) = try await check.verify(p)
        do {
            switch try await signIn.signIn(provider: provider, identity: identity, names: Self.names(provider, identity, p),
                                           appleAuthorizationCode: p["apple_authorization_code"],
                                           googleServerAuthCode: p["google_server_auth_code"]) {
            case .signedIn(let accountID, let created):
                return TokenExchangeResult(accountID: accountID, accountCreated: created)
            case .linkRequired(let linkToken, _):
                throw OAuthError.linkRequired(linkToken: linkToken, detail: "verified email owned by another account")
            }
        } catch let failure as SignInService.Failure {
            throw failure.oauthError
        }
    }

    /// Apple sends the name to the app only once, which passes it on (`given_name`, `family_name`);
    /// Google's ID token carries it (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload).
    static func names(_ provider: SignInService.Provider, _ identity: VerifiedIdentity, _ form: FormParameters)
        -> (given: String?, family: String?)
    {
        provider == .apple ? (form["given_name"], form["family_name"]) : (identity.givenName, identity.familyName)
    }
}

/// The password grant's `link_token` (and the web's): after the password proof, link the pending identity.
public struct LinkTokenRedemption: LinkTokenRedeemer {
    let signIn: SignInService

    public init(signIn: SignInService) { self.signIn = signIn }

    public func redeem(linkToken: String, accountID: String) throws {
        do {
            _ = try signIn.redeemLinkToken(linkToken, provenAccountID: accountID)
        } catch let failure as SignInService.Failure {
            throw OAuthError.invalidGrant("the link token cannot be used with this account", detail: "\(failure)")
        }
    }
}

extension SignInService.Failure {
    /// docs/sign-in.md "When a code exchange fails": temporary is 503 (retry the same request); a refused
    /// code or a held Google account is `invalid_grant` with a description the app can show or act on.
    public var oauthError: OAuthError {
        switch self {
        case .providerUnavailable:
            OAuthError(.temporarilyUnavailable, "Apple or Google could not be reached to redeem the code; retry",
                       detail: "\(self)")
        case .authorizationCodeRefused:
            .invalidGrant("the provider refused the authorization code; sign in with the provider again for a new one",
                          detail: "\(self)")
        case .signInHeld:
            .invalidGrant("Google has disabled this Google account; sign in another way", detail: "\(self)")
        default: .invalidGrant("this account cannot sign in", detail: "\(self)")
        }
    }
}
