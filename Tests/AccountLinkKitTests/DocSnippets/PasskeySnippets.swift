import AccountLinkKit
import Foundation

// docs/ios-passkeys.md §7, compiled here (DocSnippetTests) and run by PasskeyTests.

/// Any authenticator (Apple's sheet through `PasskeyRequest`, or a test's software one) signs the options.
func passkeySignIn(_ accountLink: AccountLink,
                   sign: (PasskeyAssertionOptions) async throws -> PasskeyAssertion) async throws -> SignedIn {
    let options = try await accountLink.passkeySignInOptions()
    return try await accountLink.signIn(passkey: try await sign(options), options: options)
}
