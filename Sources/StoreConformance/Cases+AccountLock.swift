import Foundation
import OAuthCore

extension StoreConformance {
    /// AccountStore.lockAccount(id:): the account as `account(id:)` reads it, and inside a transaction
    /// its row held until the end: another transaction locking it waits, then reads what the first left.
    static let accountLockCases: [ConformanceCase] = [
        ConformanceCase("account lock: reads the account as account(id:) does, nil when unknown") { s in
            let account = Fixture.account("acct-lock")
            try s.insertAccount(account)
            try expectEqual(try s.lockAccount(id: "acct-lock"), Optional(account), "outside a transaction")
            try expectEqual(try s.transaction { try $0.lockAccount(id: "acct-lock") }, Optional(account), "inside one")
            try expectNil(try s.lockAccount(id: "nobody"), "an unknown account")
        },
        ConformanceCase("account lock: a second transaction waits for the first and reads what it left") { s in
            try s.insertAccount(Fixture.account("acct-lock"))
            let inside = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let first = Outcome<Void> {
                try s.transaction { tx in
                    var account = try tx.lockAccount(id: "acct-lock")!
                    inside.signal()
                    _ = release.wait(timeout: .now() + 60)
                    account.displayName = "changed by the first"
                    try tx.updateAccount(account)
                }
            }
            guard inside.wait(timeout: .now() + 60) == .success else { throw ConformanceFailure("the first hung") }
            let second = Outcome<String?> { try s.transaction { try $0.lockAccount(id: "acct-lock")?.displayName } }
            // The second must not get past the lock while the first holds it.
            try expect(second.value(within: 0.5) == nil, "the second waited")
            release.signal()
            guard let firstDone = first.value(within: 60), let read = second.value(within: 60) else {
                throw ConformanceFailure("a transaction hung")
            }
            try firstDone.get()
            try expectEqual(try read.get(), "changed by the first", "the second read what the first left")
        },
    ]
}
