#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation

/// One passkey ceremony with Apple's platform authenticator, as Apple's guide does it
/// (https://developer.apple.com/documentation/authenticationservices/supporting-passkeys): the values come
/// from `PasskeyRegistrationOptions` / `PasskeyAssertionOptions` and go back as `PasskeyRegistration` /
/// `PasskeyAssertion`, the platform-neutral types tested on Linux against the server.
@MainActor
public final class PasskeyRequest: NSObject {
    private var continuation: CheckedContinuation<PasskeyResult, any Error>?
    private var controller: ASAuthorizationController?
    /// The controller holds its provider weakly: kept here while the sheet is up.
    private var presentation: PresentationAnchor?

    public override init() {}

    /// Makes a new passkey (`createCredentialRegistrationRequest(challenge:name:userID:)`), for adding one
    /// to the account or for signing up with it.
    public func register(_ options: PasskeyRegistrationOptions, anchor: ASPresentationAnchor) async throws
        -> PasskeyRegistration {
        let request = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.relyingPartyID)
            .createCredentialRegistrationRequest(challenge: options.challenge, name: options.userName,
                                                 userID: options.userID)
        request.displayName = options.displayName
        request.userVerificationPreference = options.userVerificationRequired ? .required : .preferred
        request.attestationPreference = .none
        if #available(iOS 17.4, macOS 14.4, *) {
            request.excludedCredentials = options.excludedCredentialIDs.map {
                ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0)
            }
        }
        guard case .registration(let made) = try await run(request, anchor: anchor, autoFill: false) else {
            throw ASAuthorizationError(.failed)
        }
        return made
    }

    /// Signs with one of the person's passkeys for the domain (`createCredentialAssertionRequest(challenge:)`):
    /// a sheet, or with `autoFill` no sheet but the passkeys offered in the QuickType bar of a text field
    /// whose `textContentType` is `.username` (`performAutoFillAssistedRequests()`, iOS 16).
    public func assert(_ options: PasskeyAssertionOptions, anchor: ASPresentationAnchor, autoFill: Bool = false)
        async throws -> PasskeyAssertion {
        let request = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.relyingPartyID)
            .createCredentialAssertionRequest(challenge: options.challenge)
        request.userVerificationPreference = options.userVerificationRequired ? .required : .preferred
        request.allowedCredentials = options.allowedCredentialIDs.map {
            ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0)
        }
        guard case .assertion(let signed) = try await run(request, anchor: anchor, autoFill: autoFill) else {
            throw ASAuthorizationError(.failed)
        }
        return signed
    }

    private func run(_ request: ASAuthorizationRequest, anchor: ASPresentationAnchor, autoFill: Bool) async throws
        -> PasskeyResult {
        let controller = ASAuthorizationController(authorizationRequests: [request])
        let presentation = PresentationAnchor(anchor)
        controller.delegate = self
        controller.presentationContextProvider = presentation
        (self.controller, self.presentation) = (controller, presentation)
        return try await withCheckedThrowingContinuation { continuation in
            self.continuation = continuation
            // AutoFill-assisted requests exist on iOS, iPadOS and visionOS only (Apple's page of the call).
            #if !os(macOS) && !os(tvOS) && !os(watchOS) && !targetEnvironment(macCatalyst)
            if autoFill { controller.performAutoFillAssistedRequests() } else { controller.performRequests() }
            #else
            controller.performRequests()
            #endif
        }
    }

    fileprivate func finish(_ result: Result<PasskeyResult, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
        controller = nil
        presentation = nil
    }
}

/// What a ceremony produced, copied out of Apple's credential objects.
enum PasskeyResult: Sendable {
    case registration(PasskeyRegistration)
    case assertion(PasskeyAssertion)

    init?(_ credential: any ASAuthorizationCredential) {
        if let made = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration,
           let attestation = made.rawAttestationObject {
            self = .registration(PasskeyRegistration(credentialID: made.credentialID, clientDataJSON: made.rawClientDataJSON,
                                                     attestationObject: attestation))
        } else if let signed = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion {
            self = .assertion(PasskeyAssertion(credentialID: signed.credentialID, clientDataJSON: signed.rawClientDataJSON,
                                               authenticatorData: signed.rawAuthenticatorData, signature: signed.signature,
                                               userID: signed.userID))
        } else {
            return nil
        }
    }
}

/// The delegate runs on the main thread (the controller was started there), as for `AppleSignInRequest`.
extension PasskeyRequest: @preconcurrency ASAuthorizationControllerDelegate {
    public func authorizationController(controller: ASAuthorizationController,
                                        didCompleteWithAuthorization authorization: ASAuthorization) {
        finish(PasskeyResult(authorization.credential).map { .success($0) } ?? .failure(ASAuthorizationError(.failed)))
    }

    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        finish(.failure(error))
    }
}

/// The whole ceremonies: the server's options, Apple's sheet (or AutoFill), the server's check.
extension AccountLink {
    /// Adds a passkey to the signed-in account.
    @MainActor @discardableResult
    public func addPasskey(name: String? = nil, anchor: ASPresentationAnchor) async throws -> AccountInfo {
        let options = try await passkeyRegistrationOptions()
        return try await registerPasskey(try await PasskeyRequest().register(options, anchor: anchor), options: options,
                                         name: name)
    }

    /// Signs in with a passkey: the sheet, or (`autoFill: true`, started when the sign-in screen appears)
    /// the passkeys offered by AutoFill on the username field. Cancel a waiting AutoFill request before
    /// starting another ceremony.
    @MainActor @discardableResult
    public func signInWithPasskey(anchor: ASPresentationAnchor, autoFill: Bool = false) async throws -> SignedIn {
        let options = try await passkeySignInOptions()
        let assertion = try await PasskeyRequest().assert(options, anchor: anchor, autoFill: autoFill)
        return try await signIn(passkey: assertion, options: options)
    }

    /// Signs up with a passkey alone; the address is verified by mail as with any sign-up.
    @MainActor
    public func signUpWithPasskey(email: String, name: String? = nil, anchor: ASPresentationAnchor) async throws
        -> SignUpOutcome {
        let options = try await passkeySignUpOptions(email: email, name: name)
        return try await signUp(passkey: try await PasskeyRequest().register(options, anchor: anchor), options: options)
    }
}
#endif
