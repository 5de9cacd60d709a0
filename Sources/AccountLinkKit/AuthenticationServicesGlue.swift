#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation

/// One Sign in with Apple + saved password request, as Apple's sample does
/// (https://developer.apple.com/documentation/authenticationservices/implementing-user-authentication-with-sign-in-with-apple).
/// Everything it decides lives in the platform-neutral types it returns (`SignInChoice`,
/// `AppleCredential`, `AppleNonce`), which are tested on Linux.
@MainActor
public final class AppleSignInRequest: NSObject {
    /// Put in Apple's request as `nonce.hashed`; pass to `AccountLink.signIn(_:nonce:)`.
    public let nonce = AppleNonce()
    private var continuation: CheckedContinuation<SignInChoice, any Error>?
    private var controller: ASAuthorizationController?

    public override init() {}

    /// Shows the sheet. With `preferImmediatelyAvailableCredentials` (at launch) nothing is shown
    /// when the device has no Apple ID or saved password for the app: the call throws
    /// `ASAuthorizationError.canceled` and the app shows its own sign-in screen.
    public func perform(preferImmediatelyAvailableCredentials: Bool,
                        presentation: (any ASAuthorizationControllerPresentationContextProviding)? = nil)
        async throws -> SignInChoice
    {
        let apple = ASAuthorizationAppleIDProvider().createRequest()
        apple.requestedScopes = [.fullName, .email]
        apple.nonce = nonce.hashed
        let controller = ASAuthorizationController(
            authorizationRequests: [apple, ASAuthorizationPasswordProvider().createRequest()])
        controller.delegate = self
        controller.presentationContextProvider = presentation
        self.controller = controller
        return try await withCheckedThrowingContinuation { continuation in
            self.continuation = continuation
            if preferImmediatelyAvailableCredentials {
                controller.performRequests(options: .preferImmediatelyAvailableCredentials)
            } else {
                controller.performRequests()
            }
        }
    }

    fileprivate func finish(_ result: Result<SignInChoice, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
        controller = nil
    }
}

/// The delegate runs on the main thread (the controller was started there): `@preconcurrency` lets the
/// main-actor methods answer it without `MainActor.assumeIsolated`, which needs iOS 17.
extension AppleSignInRequest: @preconcurrency ASAuthorizationControllerDelegate {
    public func authorizationController(controller: ASAuthorizationController,
                                        didCompleteWithAuthorization authorization: ASAuthorization) {
        let choice: SignInChoice?
        if let apple = authorization.credential as? ASAuthorizationAppleIDCredential {
            choice = AppleCredential(user: apple.user, identityToken: apple.identityToken,
                                     authorizationCode: apple.authorizationCode,
                                     givenName: apple.fullName?.givenName, familyName: apple.fullName?.familyName)
                .map(SignInChoice.apple)
        } else if let password = authorization.credential as? ASPasswordCredential {
            choice = .password(email: password.user, password: password.password)
        } else {
            choice = nil
        }
        finish(choice.map { .success($0) } ?? .failure(ASAuthorizationError(.failed)))
    }

    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        finish(.failure(error))
    }
}

extension AccountLink {
    /// At launch: asks Apple about the stored Apple ID and signs out when it was revoked or is gone.
    @discardableResult
    public func checkAppleCredentialState(user: String) async -> AppleCredentialState {
        let state: AppleCredentialState
        switch try? await ASAuthorizationAppleIDProvider().credentialState(forUserID: user) {
        case .authorized: state = .authorized
        case .revoked: state = .revoked
        case .transferred: state = .transferred
        default: state = .notFound
        }
        await handle(appleCredentialState: state)
        return state
    }

    /// Signs out when the person revokes Sign in with Apple while the app runs. Keep the token
    /// and remove it with `NotificationCenter.default.removeObserver(_:)`.
    public func observeAppleCredentialRevocation() -> any NSObjectProtocol {
        NotificationCenter.default.addObserver(
            forName: ASAuthorizationAppleIDProvider.credentialRevokedNotification, object: nil, queue: nil
        ) { [self] _ in
            Task { await handle(appleCredentialState: .revoked) }
        }
    }
}
#endif
