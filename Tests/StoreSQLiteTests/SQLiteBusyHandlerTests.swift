import Foundation
import OAuthCore
import Testing

@testable import StoreSQLite

/// The busy handler (Sources/CSQLite/shim.h `accountlink_sqlite_busy`) retries in microsecond steps but
/// keeps the whole timeout: a write behind another connection's transaction waits for it, and gives up
/// with `.unavailable` only once the timeout has passed. Only lower bounds on time are asserted.
@Suite struct SQLiteBusyHandlerTests {
    @Test func aBusyWriteGivesUpOnlyAfterItsTimeout() throws {
        try TemporaryFolder.with { folder in
            let holder = try BatchFixture.open(folder)
            let blocked = try SQLiteStorage(path: folder.path("db.sqlite"), busyTimeoutMilliseconds: 200)
            try holder.transaction { view in
                try view.insertClient(batchClient("held"))
                let start = ContinuousClock.now
                #expect {
                    try blocked.insertClient(batchClient("blocked"))
                } throws: { error in
                    guard case StoreError.unavailable = error else { return false }
                    return true
                }
                #expect(ContinuousClock.now - start >= .milliseconds(150), "waited about its timeout")
            }
            #expect(try blocked.client(id: "held") != nil)
            #expect(try blocked.client(id: "blocked") == nil)
        }
    }

    /// The handler keeps retrying: a lock released within the timeout lets the write through.
    @Test func aBusyWriteGoesThroughWhenTheLockIsReleasedInTime() throws {
        try TemporaryFolder.with { folder in
            let holder = try BatchFixture.open(folder)
            let waiting = try SQLiteStorage(path: folder.path("db.sqlite"), busyTimeoutMilliseconds: 60_000)
            let held = HeldTransaction(holder) { try $0.insertClient(batchClient("held")) }
            let write = BatchFixture.threads(count: 1, gate: nil) { _ in
                try waiting.insertClient(batchClient("waited"))
                return true
            }
            Thread.sleep(forTimeInterval: 0.2)  // lets the write meet the lock; the outcome does not depend on it
            try held.release()
            #expect(try write.wait() == [true])
            #expect(try holder.client(id: "waited") != nil)
            #expect(try holder.client(id: "held") != nil)
        }
    }
}
