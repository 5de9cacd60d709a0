/// Google Sign-In keeps its own session (`GIDSignIn.restorePreviousSignIn`, its Keychain item) beside the
/// kit's. The kit's session decides whether the person is signed in to the app; Google's only serves
/// Google calls (added scopes, `serverAuthCode`). When they disagree at launch
/// (https://developers.google.com/identity/sign-in/ios/sign-in#restore_sign-in_state):
/// - kit signed in, Google restored or not: the person stays signed in; without Google's session the
///   app asks Google again only when it needs a Google call;
/// - kit signed out, Google restored: the app was signed out (by the person, or AccountLink ended the
///   sign-in: sign-out everywhere, password reset, account deleted), so Google's session is signed out
///   too (`GIDSignIn.signOut()`), and a restored Google session never signs the person back in silently;
/// - neither: the sign-in screen.
public enum GoogleLaunchAction: Sendable, Equatable {
    case keepSignedIn
    case signOutOfGoogle
    case showSignIn

    public init(kitSignedIn: Bool, googleRestored: Bool) {
        if kitSignedIn {
            self = .keepSignedIn
        } else {
            self = googleRestored ? .signOutOfGoogle : .showSignIn
        }
    }
}
