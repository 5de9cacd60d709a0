import Foundation
import JOSE
import OAuthCore
import Support

extension AppAccountAPI {
    /// `POST /api/account/identities`: the signed-in person adds Apple or Google to this account. The
    /// token is checked exactly as at native sign-in (`IdentityTokenCheck`); the Bearer token already
    /// proves the account, so a matching email needs no further proof. Answers the account JSON.
    public func addIdentity(accountID: String, form: FormParameters) async throws -> JSONValue {
        let (provider, identity) = try await check.verify(form)
        do {
            try await signIn.addIdentity(to: accountID, provider: provider, identity: identity,
                                         appleAuthorizationCode: form["apple_authorization_code"],
                                         googleServerAuthCode: form["google_server_auth_code"])
        } catch let failure as SignInService.Failure {
            throw Self.refusal(failure)
        }
        return try summary(accountID: accountID)
    }

    /// `POST /api/account/identities/remove` with `type`: removes every method of that type, never the
    /// last way to sign in; the check and the removal are one transaction (SignInService.removeIdentities).
    /// Answers the account JSON.
    public func removeMethod(accountID: String, type: String, id: String? = nil) throws -> JSONValue {
        if type.sameBytes("passkey") { return try removePasskey(accountID: accountID, credentialID: id ?? "") }
        guard let provider = LinkedIdentity.Provider.allCases.first(where: { $0.rawValue.sameBytes(type) }) else {
            throw Refusal.noSuchMethod
        }
        do {
            try signIn.removeIdentities(accountID: accountID, provider: provider)
        } catch let failure as SignInService.Failure {
            throw Self.refusal(failure)
        }
        return try summary(accountID: accountID)
    }

    /// `type=passkey` with `id=CREDENTIAL_ID`: that one passkey, never the last way to sign in.
    func removePasskey(accountID: String, credentialID: String) throws -> JSONValue {
        do {
            try signIn.removePasskey(accountID: accountID, credentialID: credentialID)
        } catch let failure as SignInService.Failure {
            throw Self.refusal(failure)
        }
        return try summary(accountID: accountID)
    }

    /// The one translation of the sign-in service's refusals into the account API's, for every method
    /// that adds or removes a way to sign in; any other failure as the token exchange words it.
    static func refusal(_ failure: SignInService.Failure) -> any Error {
        switch failure {
        case .identityInUse: Refusal.identityInUse
        case .emailUnverified: Refusal.emailUnverified
        case .noPassword: Refusal.noPassword
        case .identityNotFound: Refusal.noSuchMethod
        case .lastIdentity: Refusal.lastMethod
        default: failure.oauthError
        }
    }
}
