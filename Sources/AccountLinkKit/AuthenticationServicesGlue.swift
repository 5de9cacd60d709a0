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
    /// The controller holds its provider weakly: kept here while the sheet is up.
    private var presentation: PresentationAnchor?

    public override init() {}

    /// Shows the sheet over `anchor` (the window the request was made from: Apple asks for it through
    /// `ASAuthorizationControllerPresentationContextProviding`). With `preferImmediatelyAvailableCredentials`
    /// (at launch) nothing is shown when the device has no Apple ID or saved password for the app: the call
    /// throws `ASAuthorizationError.canceled` and the app shows its own sign-in screen.
    public func perform(preferImmediatelyAvailableCredentials: Bool, anchor: ASPresentationAnchor)
        async throws -> SignInChoice
    {
        let apple = ASAuthorizationAppleIDProvider().createRequest()
        apple.requestedScopes = [.fullName, .email]
        apple.nonce = nonce.hashed
        let controller = ASAuthorizationController(
            authorizationRequests: [apple, ASAuthorizationPasswordProvider().createRequest()])
        let presentation = PresentationAnchor(anchor)
        controller.delegate = self
        controller.presentationContextProvider = presentation
        self.controller = controller
        self.presentation = presentation
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
        presentation = nil
    }
}

/// Answers Apple's "which window?" with the window the app gave
/// (https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding).
final class PresentationAnchor: NSObject, ASAuthorizationControllerPresentationContextProviding {
    let anchor: ASPresentationAnchor

    init(_ anchor: ASPresentationAnchor) { self.anchor = anchor }

    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor { anchor }
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
    /// At launch: asks Apple about the Apple ID kept in `memory` (nothing to ask without one) and acts on
    /// the answer (`AppleLaunchAction`): signed out only for `revoked` and `notFound`; an error from
    /// Apple keeps the sign-in.
    @discardableResult
    public func checkAppleCredentialState(memory: AppleSignInMemory) async -> AppleLaunchAction? {
        guard let user = try? memory.appleUser() else { return nil }
        let check: AppleCredentialCheck
        do {
            switch try await ASAuthorizationAppleIDProvider().credentialState(forUserID: user) {
            case .authorized: check = .answered(.authorized)
            case .revoked: check = .answered(.revoked)
            case .notFound: check = .answered(.notFound)
            case .transferred: check = .answered(.transferred)
            @unknown default: check = .failed
            }
        } catch {
            check = .failed
        }
        return await handle(appleCredentialCheck: check, memory: memory)
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
