// Declaration-only stand-in of the GoogleSignIn API the guides use, for `make ios-typecheck`
// (IOSTypecheck/README.md). Follows GoogleSignIn-iOS 9.1.0: the Swift names its Objective-C headers
// (linked per declaration) import as; completion-handler methods appear in the async form Swift imports.
// Google's own reference: https://developers.google.com/identity/sign-in/ios/reference
import Foundation
import UIKit

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h · GoogleSignIn-iOS 9.1.0
open class GIDSignIn: NSObject {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (sharedInstance) · GoogleSignIn-iOS 9.1.0
    open class var sharedInstance: GIDSignIn { GIDSignIn() }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (currentUser) · GoogleSignIn-iOS 9.1.0
    open var currentUser: GIDGoogleUser? { nil }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (handleURL:) · GoogleSignIn-iOS 9.1.0
    open func handle(_ url: URL) -> Bool { false }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (hasPreviousSignIn) · GoogleSignIn-iOS 9.1.0
    open func hasPreviousSignIn() -> Bool { false }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (restorePreviousSignInWithCompletion:) · GoogleSignIn-iOS 9.1.0
    open func restorePreviousSignIn() async throws -> GIDGoogleUser { GIDGoogleUser() }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (signOut) · GoogleSignIn-iOS 9.1.0
    open func signOut() {}
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (disconnectWithCompletion:) · GoogleSignIn-iOS 9.1.0
    open func disconnect() async throws {}
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (signInWithPresentingViewController:completion:) · GoogleSignIn-iOS 9.1.0
    open func signIn(withPresenting presentingViewController: UIViewController) async throws -> GIDSignInResult {
        GIDSignInResult()
    }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignIn.h (signInWithPresentingViewController:hint:additionalScopes:nonce:completion:) · GoogleSignIn-iOS 9.1.0
    open func signIn(withPresenting presentingViewController: UIViewController, hint: String?,
                                additionalScopes: [String]?, nonce: String?) async throws -> GIDSignInResult {
        GIDSignInResult()
    }
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInResult.h · GoogleSignIn-iOS 9.1.0
open class GIDSignInResult: NSObject {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInResult.h (user) · GoogleSignIn-iOS 9.1.0
    open var user: GIDGoogleUser { GIDGoogleUser() }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInResult.h (serverAuthCode) · GoogleSignIn-iOS 9.1.0
    open var serverAuthCode: String? { nil }
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h · GoogleSignIn-iOS 9.1.0
open class GIDGoogleUser: NSObject {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (userID) · GoogleSignIn-iOS 9.1.0
    open var userID: String? { nil }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (profile) · GoogleSignIn-iOS 9.1.0
    open var profile: GIDProfileData? { nil }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (grantedScopes) · GoogleSignIn-iOS 9.1.0
    open var grantedScopes: [String]? { nil }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (idToken) · GoogleSignIn-iOS 9.1.0
    open var idToken: GIDToken? { nil }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (accessToken) · GoogleSignIn-iOS 9.1.0
    open var accessToken: GIDToken { GIDToken() }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (refreshTokensIfNeededWithCompletion:) · GoogleSignIn-iOS 9.1.0
    open func refreshTokensIfNeeded() async throws -> GIDGoogleUser { self }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDGoogleUser.h (addScopes:presentingViewController:completion:) · GoogleSignIn-iOS 9.1.0
    open func addScopes(_ scopes: [String], presenting presentingViewController: UIViewController)
        async throws -> GIDSignInResult { GIDSignInResult() }
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDToken.h · GoogleSignIn-iOS 9.1.0
open class GIDToken: NSObject {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDToken.h (tokenString) · GoogleSignIn-iOS 9.1.0
    open var tokenString: String { "" }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDToken.h (expirationDate) · GoogleSignIn-iOS 9.1.0
    open var expirationDate: Date? { nil }
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDProfileData.h · GoogleSignIn-iOS 9.1.0
open class GIDProfileData: NSObject {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDProfileData.h (email) · GoogleSignIn-iOS 9.1.0
    open var email: String { "" }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDProfileData.h (name) · GoogleSignIn-iOS 9.1.0
    open var name: String { "" }
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDProfileData.h (imageURLWithDimension:) · GoogleSignIn-iOS 9.1.0
    open func imageURL(withDimension dimension: UInt) -> URL? { nil }
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (GIDSignInButtonStyle) · GoogleSignIn-iOS 9.1.0
public enum GIDSignInButtonStyle: Int, Sendable {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (kGIDSignInButtonStyleStandard) · GoogleSignIn-iOS 9.1.0
    case standard = 0
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (kGIDSignInButtonStyleWide) · GoogleSignIn-iOS 9.1.0
    case wide = 1
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (kGIDSignInButtonStyleIconOnly) · GoogleSignIn-iOS 9.1.0
    case iconOnly = 2
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (GIDSignInButtonColorScheme) · GoogleSignIn-iOS 9.1.0
public enum GIDSignInButtonColorScheme: Int, Sendable {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (kGIDSignInButtonColorSchemeDark) · GoogleSignIn-iOS 9.1.0
    case dark = 0
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (kGIDSignInButtonColorSchemeLight) · GoogleSignIn-iOS 9.1.0
    case light = 1
}

/// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h · GoogleSignIn-iOS 9.1.0
@MainActor open class GIDSignInButton: UIControl {
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (style) · GoogleSignIn-iOS 9.1.0
    open var style: GIDSignInButtonStyle = .standard
    /// https://github.com/google/GoogleSignIn-iOS/blob/9.1.0/GoogleSignIn/Sources/Public/GoogleSignIn/GIDSignInButton.h (colorScheme) · GoogleSignIn-iOS 9.1.0
    open var colorScheme: GIDSignInButtonColorScheme = .light
}
