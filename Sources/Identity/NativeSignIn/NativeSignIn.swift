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
