import Foundation

/// What Sign in with Apple hands the app (`ASAuthorizationAppleIDCredential`), as plain values so
/// that the kit's logic is the same on every platform. Apple sends the name only on the first
/// authorization: keep the credential until `signIn(apple:nonce:)` returns `signedIn`
/// (https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/fullname).
public struct AppleCredential: Codable, Equatable, Sendable {
    /// Apple's stable user identifier (`credential.user`), for `getCredentialState` at launch.
    public var user: String
    /// The identity token (a JWS), as UTF-8 text.
    public var identityToken: String
    /// The single-use authorization code; AccountLink redeems it for the refresh token it needs to
    /// revoke at deletion (App Store Review Guideline 5.1.1(v)).
    public var authorizationCode: String?
    public var givenName: String?
    public var familyName: String?

    public init(user: String, identityToken: String, authorizationCode: String? = nil, givenName: String? = nil,
                familyName: String? = nil) {
        self.user = user
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.givenName = givenName
        self.familyName = familyName
    }

    /// From the raw `Data` fields of `ASAuthorizationAppleIDCredential`; nil without a token.
    public init?(user: String, identityToken: Data?, authorizationCode: Data?, givenName: String?, familyName: String?) {
        guard let identityToken, let token = String(data: identityToken, encoding: .utf8) else { return nil }
        self.init(user: user, identityToken: token,
                  authorizationCode: authorizationCode.flatMap { String(data: $0, encoding: .utf8) },
                  givenName: givenName, familyName: familyName)
    }

    /// The token-exchange parameters for this credential (RFC 8693 §2.1; docs/sign-in.md).
    func exchangeParameters(nonce: AppleNonce) -> [(String, String)] {
        var form = [("subject_token", identityToken), ("subject_token_type", idTokenType), ("nonce", nonce.raw)]
        if let authorizationCode { form.append(("apple_authorization_code", authorizationCode)) }
        if let givenName, !givenName.isEmpty { form.append(("given_name", givenName)) }
        if let familyName, !familyName.isEmpty { form.append(("family_name", familyName)) }
        return form
    }
}

/// A Google ID token from Google Sign-In (`GIDGoogleUser.idToken.tokenString`).
public struct GoogleCredential: Equatable, Sendable {
    public var idToken: String
    /// The nonce passed to `GIDSignIn.signIn(withPresenting:hint:additionalScopes:nonce:)`, if any:
    /// AccountLink then requires the token to carry the same one.
    public var nonce: String?
    /// `GIDGoogleUser.serverAuthCode` when `GIDServerClientID` asks for offline access.
    public var serverAuthCode: String?

    public init(idToken: String, nonce: String? = nil, serverAuthCode: String? = nil) {
        self.idToken = idToken
        self.nonce = nonce
        self.serverAuthCode = serverAuthCode
    }

    func exchangeParameters() -> [(String, String)] {
        var form = [("subject_token", idToken), ("subject_token_type", idTokenType)]
        if let nonce { form.append(("nonce", nonce)) }
        if let serverAuthCode { form.append(("google_server_auth_code", serverAuthCode)) }
        return form
    }
}

/// RFC 8693 §3: the subject token is an OpenID Connect ID token.
let idTokenType = "urn:ietf:params:oauth:token-type:id_token"
