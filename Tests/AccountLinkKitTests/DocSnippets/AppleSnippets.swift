// The Swift of docs/ios-apple-sign-in.md, compiled and run by `make test`
// (DocSnippetTests checks that the page quotes this file and runs it against the real server).
import AccountLinkKit
import Foundation

// MARK: configure
func makeAccountLink() -> AccountLink {
    AccountLink(
        configuration: .init(server: URL(string: "https://accounts.example.com")!, clientID: "ios-app"),
        store: tokenStore())
}

func tokenStore() -> any TokenStore {
    #if canImport(Security)
    KeychainTokenStore(service: "com.example.smarthome.accountlink")
    #else
    FileTokenStore(url: URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".accountlink/tokens.json"))
    #endif
}

// MARK: remember the Apple ID and the name
/// The Apple ID (asked about at every launch) and the name Apple sends only once, kept in the Keychain;
/// the name only until AccountLink has it.
func appleMemory() -> AppleSignInMemory {
    #if canImport(Security)
    AppleSignInMemory(store: KeychainValueStore(service: "com.example.smarthome.accountlink"))
    #else
    AppleSignInMemory(store: MemorySecureValueStore())
    #endif
}

// MARK: sign in
enum NextScreen: Equatable {
    case home
    case askPassword(LinkRequired)
    case tryAgainLater
    case refused(String)
}

func completeSignIn(_ choice: SignInChoice, nonce: AppleNonce, accountLink: AccountLink,
                    memory: AppleSignInMemory) async -> NextScreen {
    do {
        let outcome: SignInOutcome
        if case .apple(let credential) = choice {
            outcome = try await accountLink.signIn(apple: credential, nonce: nonce, memory: memory)
        } else {
            outcome = try await accountLink.signIn(choice, nonce: nonce)
        }
        switch outcome {
        case .signedIn:
            return .home
        case .linkRequired(let link):
            return .askPassword(link)  // "You already have an account with this email: enter its password"
        }
    } catch let error as AccountLinkError where error.isTemporary {
        return .tryAgainLater
    } catch {
        return .refused("\(error)")
    }
}

// MARK: prove the password
func provePassword(_ link: LinkRequired, email: String, password: String, accountLink: AccountLink,
                   memory: AppleSignInMemory) async -> NextScreen {
    do {
        try await accountLink.completeLink(link, email: email, password: password)
        try? memory.serverHasName()
        return .home
    } catch {
        return .refused("\(error)")
    }
}

// MARK: add Apple to the signed-in account
func addSignInWithApple(_ credential: AppleCredential, nonce: AppleNonce, accountLink: AccountLink) async throws
    -> AccountInfo
{
    do {
        return try await accountLink.addIdentity(apple: credential, nonce: nonce)
    } catch let error as AccountLinkError where error.code == "identity_in_use" {
        // This Apple ID already signs in to another account: sign in with it there instead.
        throw error
    }
}

// MARK: delete the account
func deleteAccount(accountLink: AccountLink) async throws {
    try await accountLink.deleteAccount()  // App Store Review Guideline 5.1.1(v)
}
