// Declaration-only stand-in of the AuthenticationServices API AccountLink's Apple-only code and guides
// use, for `make ios-typecheck` (IOSTypecheck/README.md). Follows the iOS 18.0 SDK. Methods that are
// optional in Objective-C get default implementations in an extension, as an optional requirement
// needs no implementation there; completion-handler methods appear in the async form Swift imports.
import Foundation
import UIKit

/// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor (UIWindow on iOS) · iOS 18.0 SDK
public typealias ASPresentationAnchor = UIWindow

/// https://developer.apple.com/documentation/authenticationservices/asauthorization · iOS 18.0 SDK
open class ASAuthorization: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorization/credential · iOS 18.0 SDK
    open var credential: any ASAuthorizationCredential { ASPasswordCredential(user: "", password: "") }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorization/scope · iOS 18.0 SDK
    public struct Scope: Hashable, Sendable {
        /// https://developer.apple.com/documentation/authenticationservices/asauthorization/scope/fullname · iOS 18.0 SDK
        public static let fullName = Scope()
        /// https://developer.apple.com/documentation/authenticationservices/asauthorization/scope/email · iOS 18.0 SDK
        public static let email = Scope()
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcredential · iOS 18.0 SDK
public protocol ASAuthorizationCredential: NSObjectProtocol {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential · iOS 18.0 SDK
open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/user · iOS 18.0 SDK
    open var user: String { "" }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/identitytoken · iOS 18.0 SDK
    open var identityToken: Data? { nil }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/authorizationcode · iOS 18.0 SDK
    open var authorizationCode: Data? { nil }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/fullname · iOS 18.0 SDK
    open var fullName: PersonNameComponents? { nil }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/email · iOS 18.0 SDK
    open var email: String? { nil }
}

/// https://developer.apple.com/documentation/authenticationservices/aspasswordcredential · iOS 18.0 SDK
open class ASPasswordCredential: NSObject, ASAuthorizationCredential {
    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredential/init(user:password:) · iOS 18.0 SDK
    public init(user: String, password: String) {}
    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredential/user · iOS 18.0 SDK
    open var user: String { "" }
    /// https://developer.apple.com/documentation/authenticationservices/aspasswordcredential/password · iOS 18.0 SDK
    open var password: String { "" }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationrequest · iOS 18.0 SDK
open class ASAuthorizationRequest: NSObject {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest · iOS 18.0 SDK
open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/requestedscopes · iOS 18.0 SDK
    open var requestedScopes: [ASAuthorization.Scope]?
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce · iOS 18.0 SDK
    open var nonce: String?
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidrequest · iOS 18.0 SDK
open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpasswordrequest · iOS 18.0 SDK
open class ASAuthorizationPasswordRequest: ASAuthorizationRequest {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider · iOS 18.0 SDK
open class ASAuthorizationAppleIDProvider: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/credentialstate · iOS 18.0 SDK
    public enum CredentialState: Int, Sendable {
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/credentialstate/revoked · iOS 18.0 SDK
        case revoked = 0
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/credentialstate/authorized · iOS 18.0 SDK
        case authorized = 1
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/credentialstate/notfound · iOS 18.0 SDK
        case notFound = 2
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/credentialstate/transferred · iOS 18.0 SDK
        case transferred = 3
    }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/credentialrevokednotification · iOS 18.0 SDK
    public static let credentialRevokedNotification = NSNotification.Name("ASAuthorizationAppleIDProviderCredentialRevokedNotification")
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/createrequest() · iOS 18.0 SDK
    open func createRequest() -> ASAuthorizationAppleIDRequest { ASAuthorizationAppleIDRequest() }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/getcredentialstate(foruserid:completion:) (the async form Swift imports) · iOS 18.0 SDK
    open func credentialState(forUserID userID: String) async throws -> ASAuthorizationAppleIDProvider.CredentialState { .notFound }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpasswordprovider · iOS 18.0 SDK
open class ASAuthorizationPasswordProvider: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpasswordprovider/createrequest() · iOS 18.0 SDK
    open func createRequest() -> ASAuthorizationPasswordRequest { ASAuthorizationPasswordRequest() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller · iOS 18.0 SDK
open class ASAuthorizationController: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/requestoptions · iOS 18.0 SDK
    public struct RequestOptions: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/requestoptions/init(rawvalue:) · iOS 18.0 SDK
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/requestoptions/rawvalue · iOS 18.0 SDK
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/requestoptions/preferimmediatelyavailablecredentials · iOS 18.0 SDK
        public static let preferImmediatelyAvailableCredentials = RequestOptions(rawValue: 1)
    }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/init(authorizationrequests:) · iOS 18.0 SDK
    public init(authorizationRequests: [ASAuthorizationRequest]) {}
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/delegate · iOS 18.0 SDK
    open weak var delegate: (any ASAuthorizationControllerDelegate)?
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/presentationcontextprovider · iOS 18.0 SDK
    open weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/performrequests() · iOS 18.0 SDK
    open func performRequests() {}
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/performrequests(options:) · iOS 18.0 SDK
    open func performRequests(options: ASAuthorizationController.RequestOptions) {}
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/performautofillassistedrequests() (iOS 16.0+, not macOS) · iOS 18.0 SDK
    @available(macOS, unavailable)
    open func performAutoFillAssistedRequests() {}
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate · iOS 18.0 SDK
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate/authorizationcontroller(controller:didcompletewithauthorization:) · iOS 18.0 SDK
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate/authorizationcontroller(controller:didcompletewitherror:) · iOS 18.0 SDK
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

/// The protocol's methods are optional in Objective-C; these defaults play that part.
extension ASAuthorizationControllerDelegate {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate/authorizationcontroller(controller:didcompletewithauthorization:) · iOS 18.0 SDK
    public func authorizationController(controller: ASAuthorizationController,
                                        didCompleteWithAuthorization authorization: ASAuthorization) {}
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate/authorizationcontroller(controller:didcompletewitherror:) · iOS 18.0 SDK
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {}
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding · iOS 18.0 SDK
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding/presentationanchor(for:) · iOS 18.0 SDK
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror · iOS 18.0 SDK
public struct ASAuthorizationError: Error, Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code · iOS 18.0 SDK
    public enum Code: Int, Sendable {
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code/canceled · iOS 18.0 SDK
        case canceled = 1001
        /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code/failed · iOS 18.0 SDK
        case failed = 1004
    }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code-swift.property · iOS 18.0 SDK
    public var code: Code
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror · iOS 18.0 SDK
    public init(_ code: Code, userInfo: [String: Any] = [:]) { self.code = code }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/canceled · iOS 18.0 SDK
    public static var canceled: Code { .canceled }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/failed · iOS 18.0 SDK
    public static var failed: Code { .failed }
}

/// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier · iOS 18.0 SDK
open class ASCredentialServiceIdentifier: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/identifiertype · iOS 18.0 SDK
    public enum IdentifierType: Int, Sendable {
        /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/identifiertype/domain · iOS 18.0 SDK
        case domain = 0
    }
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/init(identifier:type:) · iOS 18.0 SDK
    public init(identifier: String, type: ASCredentialServiceIdentifier.IdentifierType) {}
    /// https://developer.apple.com/documentation/authenticationservices/ascredentialserviceidentifier/identifier · iOS 18.0 SDK
    open var identifier: String { "" }
}

/// https://developer.apple.com/documentation/authenticationservices/asextensionerror · iOS 18.0 SDK
public struct ASExtensionError: Error, Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/asextensionerror/code · iOS 18.0 SDK
    public enum Code: Int, Sendable {
        /// https://developer.apple.com/documentation/authenticationservices/asextensionerror/code/failed · iOS 18.0 SDK
        case failed = 0
        /// https://developer.apple.com/documentation/authenticationservices/asextensionerror/code/usercanceled · iOS 18.0 SDK
        case userCanceled = 1
        /// https://developer.apple.com/documentation/authenticationservices/asextensionerror/code/userinteractionrequired · iOS 18.0 SDK
        case userInteractionRequired = 100
    }
    /// https://developer.apple.com/documentation/authenticationservices/asextensionerror · iOS 18.0 SDK
    public init(_ code: Code, userInfo: [String: Any] = [:]) {}
}

/// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationextensioncontext (an NSExtensionContext) · iOS 18.0 SDK
open class ASAccountAuthenticationModificationExtensionContext: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationextensioncontext/getsigninwithappleupgradeauthorization(state:nonce:completionhandler:) (the async form Swift imports) · iOS 18.0 SDK
    open func getSignInWithAppleUpgradeAuthorization(state: String?, nonce: String?) async throws -> ASAuthorizationAppleIDCredential {
        ASAuthorizationAppleIDCredential()
    }
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationextensioncontext/completeupgradetosigninwithapple(userinfo:) · iOS 18.0 SDK
    open func completeUpgradeToSignInWithApple(userInfo: [AnyHashable: Any]? = nil) {}
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationextensioncontext/completechangepasswordrequest(updatedcredential:userinfo:) · iOS 18.0 SDK
    open func completeChangePasswordRequest(updatedCredential: ASPasswordCredential, userInfo: [AnyHashable: Any]? = nil) {}
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationextensioncontext/cancelrequest(witherror:) · iOS 18.0 SDK
    open func cancelRequest(withError error: any Error) {}
}

/// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller · iOS 18.0 SDK
@MainActor open class ASAccountAuthenticationModificationViewController: UIViewController {
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller/extensioncontext · iOS 18.0 SDK
    open var extensionContext: ASAccountAuthenticationModificationExtensionContext {
        ASAccountAuthenticationModificationExtensionContext()
    }
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller/convertaccounttosigninwithapplewithoutuserinteraction(for:existingcredential:userinfo:) · iOS 18.0 SDK
    open func convertAccountToSignInWithAppleWithoutUserInteraction(
        for serviceIdentifier: ASCredentialServiceIdentifier, existingCredential: ASPasswordCredential,
        userInfo: [AnyHashable: Any]? = nil) {}
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationviewcontroller/changepasswordwithoutuserinteraction(for:existingcredential:newpassword:userinfo:) · iOS 18.0 SDK
    open func changePasswordWithoutUserInteraction(
        for serviceIdentifier: ASCredentialServiceIdentifier, existingCredential: ASPasswordCredential,
        newPassword: String, userInfo: [AnyHashable: Any]? = nil) {}
}

/// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationrequest · iOS 18.0 SDK
open class ASAccountAuthenticationModificationRequest: NSObject {}

/// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationreplacepasswordwithsigninwithapplerequest · iOS 18.0 SDK
open class ASAccountAuthenticationModificationReplacePasswordWithSignInWithAppleRequest: ASAccountAuthenticationModificationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationreplacepasswordwithsigninwithapplerequest/init(user:serviceidentifier:userinfo:) · iOS 18.0 SDK
    public init(user: String, serviceIdentifier: ASCredentialServiceIdentifier, userInfo: [AnyHashable: Any]? = nil) {}
}

/// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationupgradepasswordtostrongpasswordrequest · iOS 18.0 SDK
open class ASAccountAuthenticationModificationUpgradePasswordToStrongPasswordRequest: ASAccountAuthenticationModificationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationupgradepasswordtostrongpasswordrequest/init(user:serviceidentifier:userinfo:) · iOS 18.0 SDK
    public init(user: String, serviceIdentifier: ASCredentialServiceIdentifier, userInfo: [AnyHashable: Any]? = nil) {}
}

/// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationcontroller · iOS 18.0 SDK
open class ASAccountAuthenticationModificationController: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asaccountauthenticationmodificationcontroller/perform(_:) · iOS 18.0 SDK
    open func perform(_ request: ASAccountAuthenticationModificationRequest) {}
}

// Passkeys (https://developer.apple.com/documentation/authenticationservices/public-private-key-authentication).

/// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential · iOS 18.0 SDK
public protocol ASPublicKeyCredential: ASAuthorizationCredential {
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/rawclientdatajson · iOS 18.0 SDK
    var rawClientDataJSON: Data { get }
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/credentialid · iOS 18.0 SDK
    var credentialID: Data { get }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistration · iOS 18.0 SDK
public protocol ASAuthorizationPublicKeyCredentialRegistration: ASPublicKeyCredential {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistration/rawattestationobject · iOS 18.0 SDK
    var rawAttestationObject: Data? { get }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion · iOS 18.0 SDK
public protocol ASAuthorizationPublicKeyCredentialAssertion: ASPublicKeyCredential {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/rawauthenticatordata · iOS 18.0 SDK
    var rawAuthenticatorData: Data! { get }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/userid · iOS 18.0 SDK
    var userID: Data! { get }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/signature · iOS 18.0 SDK
    var signature: Data! { get }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistration · iOS 18.0 SDK
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationPublicKeyCredentialRegistration {
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/rawclientdatajson · iOS 18.0 SDK
    open var rawClientDataJSON: Data { Data() }
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/credentialid · iOS 18.0 SDK
    open var credentialID: Data { Data() }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistration/rawattestationobject · iOS 18.0 SDK
    open var rawAttestationObject: Data? { nil }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertion · iOS 18.0 SDK
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationPublicKeyCredentialAssertion {
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/rawclientdatajson · iOS 18.0 SDK
    open var rawClientDataJSON: Data { Data() }
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/credentialid · iOS 18.0 SDK
    open var credentialID: Data { Data() }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/rawauthenticatordata · iOS 18.0 SDK
    open var rawAuthenticatorData: Data! { Data() }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/userid · iOS 18.0 SDK
    open var userID: Data! { Data() }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/signature · iOS 18.0 SDK
    open var signature: Data! { Data() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference (a string-backed struct in Swift) · iOS 18.0 SDK
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: RawRepresentable, Hashable, Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference/init(rawvalue:) · iOS 18.0 SDK
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference/rawvalue · iOS 18.0 SDK
    public let rawValue: String
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference/required · iOS 18.0 SDK
    public static let required = Self(rawValue: "required")
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference/preferred · iOS 18.0 SDK
    public static let preferred = Self(rawValue: "preferred")
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialattestationkind (a string-backed struct in Swift) · iOS 18.0 SDK
public struct ASAuthorizationPublicKeyCredentialAttestationKind: RawRepresentable, Hashable, Sendable {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialattestationkind/init(rawvalue:) · iOS 18.0 SDK
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialattestationkind/rawvalue · iOS 18.0 SDK
    public let rawValue: String
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialattestationkind/none · iOS 18.0 SDK
    public static let none = Self(rawValue: "none")
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialdescriptor · iOS 18.0 SDK
open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialdescriptor/init(credentialid:) · iOS 18.0 SDK
    public init(credentialID: Data) {}
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialdescriptor/credentialid · iOS 18.0 SDK
    open var credentialID: Data { Data() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistrationrequest · iOS 18.0 SDK
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistrationrequest/displayname · iOS 18.0 SDK
    open var displayName: String?
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistrationrequest/userverificationpreference · iOS 18.0 SDK
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistrationrequest/attestationpreference · iOS 18.0 SDK
    open var attestationPreference = ASAuthorizationPublicKeyCredentialAttestationKind.none
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationwebbrowserplatformpublickeycredentialregistrationrequest/excludedcredentials (iOS 17.4+) · iOS 18.0 SDK
    open var excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]?
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertionrequest · iOS 18.0 SDK
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertionrequest/userverificationpreference · iOS 18.0 SDK
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertionrequest/allowedcredentials · iOS 18.0 SDK
    open var allowedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor] = []
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider · iOS 18.0 SDK
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider/init(relyingpartyidentifier:) · iOS 18.0 SDK
    public init(relyingPartyIdentifier: String) {}
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider/createcredentialregistrationrequest(challenge:name:userid:) · iOS 18.0 SDK
    open func createCredentialRegistrationRequest(challenge: Data, name: String, userID: Data)
        -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest {
        ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest()
    }
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider/createcredentialassertionrequest(challenge:) · iOS 18.0 SDK
    open func createCredentialAssertionRequest(challenge: Data) -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest {
        ASAuthorizationPlatformPublicKeyCredentialAssertionRequest()
    }
}
