import AccountLinkKit
import Foundation
import Testing

/// The decisions behind the Apple-only launch glue (AppleLaunchCheck.swift, AppleSignInMemory.swift,
/// GoogleSessionAtLaunch.swift), tested here because the glue that feeds them only type-checks on Linux.
@Suite struct LaunchDecisionTests {
    @Test(arguments: [
        (AppleCredentialCheck.answered(.authorized), AppleLaunchAction.keepSignedIn),
        (.answered(.revoked), .signOut),
        (.answered(.notFound), .signOut),
        (.answered(.transferred), .keepSignedInForgetAppleUser),
        (.failed, .keepSignedIn),
    ])
    func onlyRevokedAndNotFoundSignOut(check: AppleCredentialCheck, action: AppleLaunchAction) {
        #expect(AppleLaunchAction(check) == action)
    }

    @Test(arguments: [(true, true, GoogleLaunchAction.keepSignedIn), (true, false, .keepSignedIn),
                      (false, true, .signOutOfGoogle), (false, false, .showSignIn)])
    func theKitsSessionWins(kitSignedIn: Bool, googleRestored: Bool, action: GoogleLaunchAction) {
        #expect(GoogleLaunchAction(kitSignedIn: kitSignedIn, googleRestored: googleRestored) == action)
    }

    @Test func theNameWaitsUntilTheServerHasItAndTheAppleIDStays() throws {
        let memory = AppleSignInMemory(store: MemorySecureValueStore())
        #expect(try memory.appleUser() == nil)
        try memory.remember(AppleCredential(user: "001.a", identityToken: "t", givenName: "Pat", familyName: "Doe"))
        try memory.remember(AppleCredential(user: "001.a", identityToken: "t2"))  // Apple sends no name again
        let filled = try memory.withPendingName(AppleCredential(user: "001.a", identityToken: "t3", givenName: ""))
        #expect(filled.givenName == "Pat" && filled.familyName == "Doe" && filled.identityToken == "t3")
        try memory.serverHasName()
        #expect(try memory.withPendingName(AppleCredential(user: "001.a", identityToken: "t4")).givenName == nil)
        #expect(try memory.appleUser() == "001.a")
        try memory.forgetAppleUser()
        #expect(try memory.appleUser() == nil)
    }

    /// An unreachable server: signing out still forgets the tokens; keeping them needs no server.
    func signedInKit(_ memory: AppleSignInMemory) throws -> AccountLink {
        let tokens = TokenSet(accessToken: "a", refreshToken: "r", expiresAt: Date().addingTimeInterval(3600))
        try memory.remember(AppleCredential(user: "001.b", identityToken: "t"))
        return AccountLink(configuration: .init(server: URL(string: "http://127.0.0.1:9")!, clientID: "app"),
                           store: MemoryTokenStore(tokens))
    }

    @Test func aFailedCheckKeepsTheSignInAndRevokedEndsIt() async throws {
        let memory = AppleSignInMemory(store: MemorySecureValueStore())
        let kit = try signedInKit(memory)
        #expect(await kit.handle(appleCredentialCheck: .failed, memory: memory) == .keepSignedIn)
        #expect(kit.isSignedIn())
        #expect(try memory.appleUser() == "001.b")
        #expect(await kit.handle(appleCredentialCheck: .answered(.transferred), memory: memory) == .keepSignedInForgetAppleUser)
        #expect(kit.isSignedIn())
        #expect(try memory.appleUser() == nil)
        try memory.remember(AppleCredential(user: "001.b", identityToken: "t"))
        #expect(await kit.handle(appleCredentialCheck: .answered(.notFound), memory: memory) == .signOut)
        #expect(!kit.isSignedIn())
        #expect(try memory.appleUser() == nil)
    }
}

/// `make ios-typecheck` makes the Apple-only branches compile against its stand-ins; the normal Linux
/// build must never see those modules (IOSTypecheck/README.md).
@Suite struct LinuxBuildTests {
    @Test func theAppleOnlyBranchesStayOutOfTheLinuxBuild() {
        #if os(Linux)
        #if canImport(AuthenticationServices) || canImport(Security) || canImport(UIKit) || canImport(GoogleSignIn)
        Issue.record("an Apple stand-in module is on the build's module path")
        #endif
        #expect(!FileManager.default.fileExists(atPath: "Sources/AccountLinkKit/UIKit.swift"))
        #endif
    }
}
