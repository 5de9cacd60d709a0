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

// MARK: remember the name
/// Apple sends the name only on the first authorization: keep it until AccountLink has it.
struct AppleNameMemory {
    var defaults = UserDefaults.standard

    func remember(_ credential: AppleCredential) {
        guard credential.givenName != nil || credential.familyName != nil else { return }
        defaults.set([credential.givenName ?? "", credential.familyName ?? ""], forKey: key(credential))
    }

    func filledIn(_ credential: AppleCredential) -> AppleCredential {
        guard credential.givenName == nil, let name = defaults.stringArray(forKey: key(credential)), name.count == 2
        else { return credential }
        var filled = credential
        (filled.givenName, filled.familyName) = (name[0], name[1])
        return filled
    }

    func forget(_ credential: AppleCredential) { defaults.removeObject(forKey: key(credential)) }

    private func key(_ credential: AppleCredential) -> String { "accountlink.appleName." + credential.user }
}

// MARK: sign in
enum NextScreen: Equatable {
    case home
    case askPassword(LinkRequired)
    case tryAgainLater
    case refused(String)
}

func completeSignIn(_ choice: SignInChoice, nonce: AppleNonce, accountLink: AccountLink,
                    names: AppleNameMemory = AppleNameMemory()) async -> NextScreen {
    var choice = choice
    if case .apple(let credential) = choice {
        names.remember(credential)
        choice = .apple(names.filledIn(credential))
    }
    do {
        switch try await accountLink.signIn(choice, nonce: nonce) {
        case .signedIn:
            if case .apple(let credential) = choice { names.forget(credential) }
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
func provePassword(_ link: LinkRequired, email: String, password: String, accountLink: AccountLink) async -> NextScreen {
    do {
        try await accountLink.completeLink(link, email: email, password: password)
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
