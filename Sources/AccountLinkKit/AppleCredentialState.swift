/// What the app does with Apple's answer about a stored Apple ID, at every launch and when
/// `credentialRevokedNotification` arrives
/// (https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/getcredentialstate(foruserid:completion:)).
/// Platform-neutral so that the decision is tested on Linux; the AuthenticationServices glue only
/// translates `ASAuthorizationAppleIDProvider.CredentialState` into it.
public enum AppleCredentialState: Sendable, Equatable {
    case authorized
    /// The person stopped using Sign in with Apple for this app (Settings › Apple ID).
    case revoked
    /// No such Apple ID for this app (e.g. the app was reinstalled or the ID was deleted).
    case notFound
    /// The app moved to another developer team; AccountLink follows the transfer server-side.
    case transferred
}

extension AccountLink {
    /// `revoked` and `notFound` sign the app out (here and at AccountLink); the other states keep
    /// the sign-in. Returns true when it signed out.
    @discardableResult
    public func handle(appleCredentialState state: AppleCredentialState) async -> Bool {
        switch state {
        case .authorized, .transferred:
            return false
        case .revoked, .notFound:
            try? await signOut()
            return true
        }
    }
}

/// What the combined sign-in sheet returned: an Apple ID or a password saved for the domain
/// (`webcredentials` in `apple-app-site-association`).
public enum SignInChoice: Sendable, Equatable {
    case apple(AppleCredential)
    case password(email: String, password: String)
}

extension AccountLink {
    /// Signs in with whatever the person picked in the combined sheet. `nonce` is the one whose
    /// hash went into the Apple ID request (unused for a password).
    public func signIn(_ choice: SignInChoice, nonce: AppleNonce) async throws -> SignInOutcome {
        switch choice {
        case .apple(let credential):
            return try await signIn(apple: credential, nonce: nonce)
        case .password(let email, let password):
            return .signedIn(try await signIn(email: email, password: password))
        }
    }
}
