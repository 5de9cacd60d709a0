// The Swift of docs/ios-google-sign-in.md, compiled and run by `make test`.
import AccountLinkKit

// MARK: sign in
func completeGoogleSignIn(idToken: String, serverAuthCode: String?, accountLink: AccountLink) async throws
    -> SignInOutcome
{
    try await accountLink.signIn(google: GoogleCredential(idToken: idToken, serverAuthCode: serverAuthCode))
}

// MARK: sign in with a nonce
func completeGoogleSignIn(idToken: String, nonce: String, accountLink: AccountLink) async throws -> SignInOutcome {
    try await accountLink.signIn(google: GoogleCredential(idToken: idToken, nonce: nonce))
}
