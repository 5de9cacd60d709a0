// The Swift of README.md ("Your iOS app: AccountLinkKit"), compiled by `make test`.
import AccountLinkKit
import Foundation

// MARK: readme
func readmeExample(email: String, password: String) async throws -> AccountInfo {
    let accountLink = AccountLink(configuration: .init(server: URL(string: "https://accounts.example.com")!,
                                                       clientID: "ios-app"),
                                  store: MemoryTokenStore())  // KeychainTokenStore(service:) on Apple platforms
    try await accountLink.signIn(email: email, password: password)
    let account = try await accountLink.account()
    return account
}
