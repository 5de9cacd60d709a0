import Foundation
import Identity
import OAuthCore

/// `LifecycleSignalStore` (Sources/OAuthCore/Storage/LifecycleSignalStore.swift) and `AppleTransferStore`
/// (Sources/Identity/Transfer/AppleTransferStore.swift).
extension StoreConformance {
    static let signalCases: [ConformanceCase] = [
        ConformanceCase("security events: a jti is new once, apart from Apple's notifications") { s in
            try expect(try s.recordSecurityEvent(jti: "set-1", at: Fixture.time(1)), "first set-1")
            try expect(!(try s.recordSecurityEvent(jti: "set-1", at: Fixture.time(2))), "replayed set-1")
            try expect(try s.recordNotification(jti: "set-1", at: Fixture.time(2)), "apple's receipts are separate")
            let winners = try race { i in try s.recordSecurityEvent(jti: "raced", at: Fixture.time(i)) }
            try expectEqual(winners.filter { $0 }.count, 1, "recordSecurityEvent winners")
        },
        ConformanceCase("provider holds: set, replace, read per provider and subject, delete") { s in
            try expectNil(try s.providerHold(provider: .google, subject: "g1"), "no hold yet")
            let hold = ProviderHold(provider: .google, subject: "g1", reason: "hijacking", since: Fixture.time(3))
            try s.saveProviderHold(hold)
            try expectEqual(try s.providerHold(provider: .google, subject: "g1"), hold, "hold")
            try expectNil(try s.providerHold(provider: .apple, subject: "g1"), "another provider")
            let replaced = ProviderHold(provider: .google, subject: "g1", reason: "", since: Fixture.time(9))
            try s.saveProviderHold(replaced)
            try expectEqual(try s.providerHold(provider: .google, subject: "g1"), replaced, "replaced hold")
            try expect(try s.deleteProviderHold(provider: .google, subject: "g1"), "deleted")
            try expect(!(try s.deleteProviderHold(provider: .google, subject: "g1")), "already gone")
            try expectNil(try s.providerHold(provider: .google, subject: "g1"), "hold after delete")
        },
        ConformanceCase("third-party tokens: found by lookup key, deleted one by one, identity stays") { s in
            try s.insertAccount(Fixture.account("a"))
            try s.insertIdentity(Fixture.identity("i1", account: "a", provider: .apple))
            try s.insertIdentity(Fixture.identity("i2", account: "a", provider: .google))
            try s.insertIdentity(Fixture.identity("i3", account: "a", provider: .google))
            try s.saveThirdPartyToken(Fixture.thirdPartyToken(identity: "i1", account: "a"))
            var google = Fixture.thirdPartyToken(identity: "i2", account: "a", bytes: [9, 9])
            google.provider = .google
            google.lookupKeys = ThirdPartyToken.LookupKeys(prefix: "p-2", hash: "h-2")
            try s.saveThirdPartyToken(google)
            var other = google
            (other.identityID, other.lookupKeys) = ("i3", ThirdPartyToken.LookupKeys(prefix: "p-3", hash: "h-3"))
            try s.saveThirdPartyToken(other)
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .prefix("p-2")), [google], "by prefix key")
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .hash("h-3")), [other], "by hash key")
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .prefix("h-2")), [], "a hash is not a prefix key")
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .hash("P-2")), [], "keys compared as bytes")
            var composed = other
            (composed.identityID, composed.lookupKeys) = ("i4", ThirdPartyToken.LookupKeys(prefix: "p-\u{E9}", hash: "h-\u{E9}"))
            try s.insertIdentity(Fixture.identity("i4", account: "a", provider: .google))
            try s.saveThirdPartyToken(composed)
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .hash("h-e\u{301}")), [],
                            "a canonically equivalent key is another key")
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .hash("h-\u{E9}")), [composed], "the same bytes")
            try expect(try s.deleteThirdPartyToken(identityID: "i4"), "deleted i4")
            try expectEqual(try s.thirdPartyTokens(provider: .apple, key: .prefix("p-2")).map(\.identityID), ["i1"],
                            "another provider: only its tokens without keys")
            // A token stored without keys is a candidate for every key until it is saved with them.
            var unkeyed = other
            unkeyed.lookupKeys = nil
            try s.saveThirdPartyToken(unkeyed)
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .prefix("p-2")), [google, unkeyed],
                            "the matching token and the one without keys, by identity")
            try s.saveThirdPartyToken(other)
            try expectEqual(try s.thirdPartyTokens(provider: .google, key: .prefix("p-2")), [google], "keys saved again")
            try expect(try s.deleteThirdPartyToken(identityID: "i3"), "deleted i3")
            try expect(try s.deleteThirdPartyToken(identityID: "i2"), "deleted")
            try expect(!(try s.deleteThirdPartyToken(identityID: "i2")), "already gone")
            try expectEqual(try s.thirdPartyTokens(accountID: "a").map(\.identityID), ["i1"], "remaining tokens")
            try expectEqual(try s.identities(accountID: "a").count, 4, "identities stay")
        },
        ConformanceCase("apple transfers: imported once, pending until completed") { s in
            try expect(try s.insertAppleTransfer(AppleTransfer(transferSub: "t2", accountID: "a", identityID: "i2")), "t2 new")
            try expect(try s.insertAppleTransfer(AppleTransfer(transferSub: "t1", accountID: "a", identityID: "i1")), "t1 new")
            try expect(!(try s.insertAppleTransfer(AppleTransfer(transferSub: "t1", accountID: "b", identityID: "other"))), "t1 again")
            try expectEqual(try s.appleTransfer(transferSub: "t1"), AppleTransfer(transferSub: "t1", accountID: "a", identityID: "i1"),
                            "t1 unchanged")
            try expectEqual(try s.pendingAppleTransfers().map(\.transferSub), ["t1", "t2"], "pending, ordered")
            try expect(try s.completeAppleTransfer(transferSub: "t1", newSubject: "new-1", at: Fixture.time(4)), "done")
            try expect(!(try s.completeAppleTransfer(transferSub: "t9", newSubject: "x", at: Fixture.time(4))), "unknown")
            try expectEqual(try s.appleTransfer(transferSub: "t1"),
                            AppleTransfer(transferSub: "t1", accountID: "a", identityID: "i1", newSubject: "new-1", completedAt: Fixture.time(4)),
                            "completed")
            try expectEqual(try s.pendingAppleTransfers().map(\.transferSub), ["t2"], "still pending")
        },
    ]
}
