import Foundation
import Identity
import JOSE
import OAuthCore
import Support

/// Native sign-in (CONTRACT.md): the token-exchange grant's hook. The identity token's unverified
/// `iss` only picks the verifier; that verifier then checks everything (signature, iss, aud, exp, nonce).
struct IdentityTokenExchange: TokenExchangeHandler {
    static let idTokenType = "urn:ietf:params:oauth:token-type:id_token"
    let services: IdentityServices

    func exchange(_ request: TokenExchangeRequest) async throws -> TokenExchangeResult {
        let p = request.parameters
        guard let token = p["subject_token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("subject_token is required")
        }
        guard p["subject_token_type"] == Self.idTokenType else {
            throw OAuthError.invalidRequest("subject_token_type must be \(Self.idTokenType)")
        }
        // Native apps always send a nonce; without it a captured token could be replayed (specs §9.5).
        guard let nonce = p["nonce"], !nonce.isEmpty else { throw OAuthError.invalidGrant("the nonce is missing") }
        let (provider, identity) = try await verify(token, nonce: nonce)
        let names = provider == .apple ? (given: p["given_name"], family: p["family_name"]) : nil
        do {
            switch try await services.signIn.signIn(provider: provider, identity: identity, names: names,
                                                    appleAuthorizationCode: p["apple_authorization_code"],
                                                    googleServerAuthCode: p["google_server_auth_code"]) {
            case .signedIn(let accountID, let created):
                return TokenExchangeResult(accountID: accountID, accountCreated: created)
            case .linkRequired(let linkToken, _):
                throw OAuthError.linkRequired(linkToken: linkToken, detail: "verified email owned by another account")
            }
        } catch let failure as SignInService.Failure {
            throw Self.oauthError(failure)
        }
    }

    /// docs/sign-in.md "When a code exchange fails": temporary is 503 (retry the same request); a refused
    /// code or a held Google account is `invalid_grant` with a description the app can show or act on.
    static func oauthError(_ failure: SignInService.Failure) -> OAuthError {
        switch failure {
        case .providerUnavailable:
            OAuthError(.temporarilyUnavailable, "Apple or Google could not be reached to redeem the code; retry",
                       detail: "\(failure)")
        case .authorizationCodeRefused:
            .invalidGrant("the provider refused the authorization code; sign in with the provider again for a new one",
                          detail: "\(failure)")
        case .signInHeld:
            .invalidGrant("Google has disabled this Google account; sign in another way", detail: "\(failure)")
        default: .invalidGrant("this account cannot sign in", detail: "\(failure)")
        }
    }

    func verify(_ token: String, nonce: String) async throws -> (SignInService.Provider, VerifiedIdentity) {
        let issuer = (try? CompactJWS(parsing: token).claims().string("iss")) ?? nil
        do {
            switch issuer {
            case "https://appleid.apple.com":
                guard let apple = services.appleVerifier else { throw OAuthError.invalidGrant("Sign in with Apple is not enabled") }
                return (.apple, try await apple.verify(token, rawNonce: nonce))
            case "accounts.google.com", "https://accounts.google.com":
                guard let google = services.googleVerifier else { throw OAuthError.invalidGrant("Google Sign-In is not enabled") }
                return (.google, try await google.verify(token, nonce: nonce))
            default:
                throw OAuthError.invalidGrant("the identity token is not from Apple or Google")
            }
        } catch let error as JOSEError {
            // Our side could not get the provider's keys: temporary, never invalid_grant.
            if error.code == .keySetUnavailable {
                throw OAuthError(.temporarilyUnavailable, "the identity provider's keys are unavailable", detail: error.reason)
            }
            throw OAuthError.invalidGrant("the identity token was refused: \(error.reason)")
        }
    }
}

/// The password grant's `link_token` (and the web's): after the password proof, link the pending identity.
struct IdentityLinkRedeemer: LinkTokenRedeemer {
    let services: IdentityServices

    func redeem(linkToken: String, accountID: String) throws {
        do {
            _ = try services.signIn.redeemLinkToken(linkToken, provenAccountID: accountID)
        } catch let failure as SignInService.Failure {
            throw OAuthError.invalidGrant("the link token cannot be used with this account", detail: "\(failure)")
        }
    }
}
