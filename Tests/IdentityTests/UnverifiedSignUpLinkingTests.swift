import Foundation
import OAuthCore
import Support
import Testing
@testable import Identity

/// docs/accounts-and-email.md and docs/sign-in.md: linking rules that depend on a verified email treat a
/// self-made password account as unverified until its link was followed (pre-account-hijacking: someone who
/// registers another person's address first must not receive that person's Google identity).
@Suite struct UnverifiedSignUpLinkingTests {
    @Test func googleAutoLinksOnlyAfterTheSignUpEmailWasVerified() async throws {
        let h = try Harness()
        let context = AccountFlowContext(storage: h.storage, clock: h.clock, random: h.random,
                                         hasher: Argon2idHasher(opsLimit: 1, memLimit: 8192), composer: LinkComposer(),
                                         issuer: "https://id.example", loginThrottle: LoginThrottle())
        guard case .created(let account) = try SignUpFlow(context: context).signUp(
            email: "pat@example.com", password: "pat's long passphrase", name: nil, locale: nil, clientAddress: nil)
        else { throw Harness.Failure() }
        let service = h.signInService(autoLink: [.google])
        let first = try await service.signIn(provider: .google, identity: try await h.googleIdentity(sub: "g-pat",
                                                                                                   email: "pat@example.com"))
        guard case .linkRequired(_, let email) = first else { throw Harness.Failure() }
        #expect(email == "pat@example.com")
        #expect(try h.storage.identities(accountID: account.id).map(\.provider) == [.password])

        let mail = try #require(try h.storage.listMail().first { $0.kind == "verify-email" })
        let token = try #require(mail.textBody.components(separatedBy: "token=").last)
        _ = try EmailVerificationFlow(context: context).confirm(token: token)
        let second = try await service.signIn(provider: .google, identity: try await h.googleIdentity(sub: "g-pat",
                                                                                                    email: "pat@example.com"))
        #expect(second == .signedIn(accountID: account.id, created: false))
    }
}
