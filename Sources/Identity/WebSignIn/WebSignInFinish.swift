import Foundation
import JOSE
import OAuthCore
import Support

/// What a verified web sign-in leads to; the server turns each into a redirect, a session or a page.
public enum WebSignInOutcome: Sendable, Equatable {
    /// The provider was added to the signed-in account (`?add=1`).
    case addedToAccount(accountID: String)
    /// Signed in; continue the pending authorization when there is one, else start a session.
    case signedIn(accountID: String, interaction: String?)
    /// Another account owns the verified email: ask for its password, then redeem the link token.
    case linkRequired(linkToken: String, email: String)
}

extension SignInService {
    /// After the provider's token verified: add to the signed-in account, or sign in (one account per
    /// person, `signIn(provider:identity:…)`).
    func finishWebSignIn(_ provider: Provider, identity: VerifiedIdentity, record: WebSignInState,
                         names: (given: String?, family: String?)?, appleCode: String?, appleRedirectURI: String?)
        async throws -> WebSignInOutcome
    {
        if let accountID = record.addToAccount {
            _ = try await addIdentity(to: accountID, provider: provider, identity: identity,
                                      appleAuthorizationCode: appleCode, appleRedirectURI: appleRedirectURI)
            return .addedToAccount(accountID: accountID)
        }
        switch try await signIn(provider: provider, identity: identity, names: names,
                                appleAuthorizationCode: appleCode, appleRedirectURI: appleRedirectURI) {
        case .signedIn(let accountID, _): return .signedIn(accountID: accountID, interaction: record.interaction)
        case .linkRequired(let linkToken, let email): return .linkRequired(linkToken: linkToken, email: email)
        }
    }
}
