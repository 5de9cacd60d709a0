import Foundation
import JOSE
import OAuthCore
import Support

/// The identity-token rules of native sign-in and of adding an identity from the app (docs/sign-in.md
/// "Native"). The token's unverified `iss` only picks the verifier; that
/// verifier then checks everything (signature, iss, aud, exp, nonce). Every refusal is `invalid_grant`;
/// only our side failing to get the provider's keys is temporary (503), never `invalid_grant`.
public struct IdentityTokenCheck: Sendable {
    public static let idTokenType = "urn:ietf:params:oauth:token-type:id_token"
    let apple: AppleIdentityTokenVerifier?
    let google: GoogleIdentityTokenVerifier?

    public init(apple: AppleIdentityTokenVerifier?, google: GoogleIdentityTokenVerifier?) {
        self.apple = apple
        self.google = google
    }

    /// `subject_token`, `subject_token_type` and `nonce` of a form, verified.
    public func verify(_ form: FormParameters) async throws -> (SignInService.Provider, VerifiedIdentity) {
        guard let token = form["subject_token"], !token.isEmpty else {
            throw OAuthError.invalidRequest("subject_token is required")
        }
        guard form["subject_token_type"].map({ $0.sameBytes(Self.idTokenType) }) == true else {
            throw OAuthError.invalidRequest("subject_token_type must be \(Self.idTokenType)")
        }
        return try await verify(token, nonce: form["nonce"].flatMap { $0.isEmpty ? nil : $0 })
    }

    public func verify(_ token: String, nonce: String?) async throws -> (SignInService.Provider, VerifiedIdentity) {
        let issuer = (try? CompactJWS(parsing: token).claims().string("iss")) ?? nil
        do {
            if let issuer, issuer.sameBytes(AppleIdentityTokenVerifier.issuer) {
                return (.apple, try await verifyApple(token, nonce: nonce))
            }
            if let issuer, GoogleIdentityTokenVerifier.issuers.containsBytes(issuer) {
                return (.google, try await verifyGoogle(token, nonce: nonce))
            }
            throw OAuthError.invalidGrant("the identity token is not from Apple or Google")
        } catch let error as JOSEError {
            if error.code == .keySetUnavailable {
                throw OAuthError(.temporarilyUnavailable, "the identity provider's keys are unavailable", detail: error.reason)
            }
            throw OAuthError.invalidGrant("the identity token was refused: \(error.reason)")
        }
    }

    /// Apple: the nonce is required; the token carries its lowercase-hex SHA-256, which the verifier
    /// compares (https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidrequest).
    /// Without it a captured token could be replayed.
    func verifyApple(_ token: String, nonce: String?) async throws -> VerifiedIdentity {
        guard let apple else { throw OAuthError.invalidGrant("Sign in with Apple is not enabled") }
        guard let nonce else { throw OAuthError.invalidGrant("the nonce is missing") }
        return try await apple.verify(token, rawNonce: nonce)
    }

    /// Google: a nonce the request sends must equal the token's `nonce` claim byte for byte, and a
    /// request nonce with no claim is refused (the verifier's check, OIDC Core §3.1.3.7 step 11). A claim
    /// the request did not send is not checked: GoogleSignIn-iOS called without the app's nonce still
    /// sends one of AppAuth's own (OIDAuthorizationRequest's convenience initializer,
    /// https://github.com/openid/AppAuth-iOS/blob/master/Sources/AppAuthCore/OIDAuthorizationRequest.m),
    /// which the app never sees, and a token refreshed after `restorePreviousSignIn` carries none.
    /// `azp`, when present, must be one of our Google client IDs
    /// (https://developers.google.com/identity/sign-in/ios/backend-auth).
    func verifyGoogle(_ token: String, nonce: String?) async throws -> VerifiedIdentity {
        guard let google else { throw OAuthError.invalidGrant("Google Sign-In is not enabled") }
        let identity = try await google.verify(token, nonce: nonce)
        if let azp = identity.authorizedParty, !google.configuration.audiences.containsBytes(azp) {
            throw OAuthError.invalidGrant("the identity token was refused: azp is not one of our Google client IDs")
        }
        return identity
    }
}
