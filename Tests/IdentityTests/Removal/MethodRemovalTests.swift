import Foundation
import OAuthCore
import StoreMemory
import Testing
@testable import Identity

/// Removing sign-in methods (SignInService+Removal.swift): never the last, check and removal in one
/// transaction, a refusal changes nothing.
@Suite struct MethodRemovalTests {
    let f = RemovalFixture(storage: MemoryStorage())

    @Test(arguments: [LinkedIdentity.Provider.password, .apple, .google])
    func theLastMethodCannotBeRemoved(provider: LinkedIdentity.Provider) throws {
        let id = try f.account([provider])
        let before = try f.snapshot(id)
        #expect(throws: SignInService.Failure.lastIdentity) {
            try f.service.removeIdentities(accountID: id, provider: provider)
        }
        #expect(throws: SignInService.Failure.lastIdentity) {
            try f.service.removeIdentity(accountID: id, identityID: before.identities[0])
        }
        #expect(try f.snapshot(id) == before)
    }

    /// Two Google identities and nothing else: removing "google" would remove both, so nothing goes.
    @Test func everyMethodOfTheOnlyTypeCannotBeRemoved() throws {
        let id = try f.account([.google, .google])
        let before = try f.snapshot(id)
        #expect(throws: SignInService.Failure.lastIdentity) {
            try f.service.removeIdentities(accountID: id, provider: .google)
        }
        #expect(try f.snapshot(id) == before)
    }

    @Test func aMethodTheAccountLacksIsNotFoundAndChangesNothing() throws {
        let id = try f.account([.password, .google])
        let other = try f.account([.apple, .password])
        let before = try f.snapshot(id)
        #expect(throws: SignInService.Failure.identityNotFound) {
            try f.service.removeIdentities(accountID: id, provider: .apple)
        }
        // Another account's identity is not this account's to remove.
        let foreign = try f.snapshot(other).identities[0]
        #expect(throws: SignInService.Failure.identityNotFound) {
            try f.service.removeIdentity(accountID: id, identityID: foreign)
        }
        #expect(throws: SignInService.Failure.identityNotFound) {
            try f.service.removeIdentities(accountID: "acct_nobody", provider: .password)
        }
        #expect(try f.snapshot(id) == before)
        #expect(try f.providers(other) == [.apple, .password])
    }

    @Test func everyMethodOfATypeGoesTogetherWithItsTokensQueuedForRevocation() throws {
        let id = try f.account([.password, .google, .google])
        let removed = try f.service.removeIdentities(accountID: id, provider: .google)
        #expect(removed.map(\.provider) == [.google, .google])
        let after = try f.snapshot(id)
        #expect(try f.providers(id) == [.password])
        #expect(after.thirdPartyTokens == 0)
        #expect(after.pendingRevocations == 2)
        #expect(after.passwordHash != nil)
    }

    @Test func removingThePasswordTakesItsHash() throws {
        let id = try f.account([.password, .apple])
        try f.service.removeIdentities(accountID: id, provider: .password)
        #expect(try f.providers(id) == [.apple])
        #expect(try f.storage.passwordHash(accountID: id) == nil)
    }
}
