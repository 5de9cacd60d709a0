import CLibPQ
import Dispatch
import Foundation
import Glibc
import OAuthCore
import Support
import Synchronization
import Testing

@testable import StorePostgres

/// docs/performance.md, PostgreSQL: libpq runs on the store's own threads (StoreThreads), never blocking
/// Swift's cooperative pool, and a pool of 2 serves many concurrent requests without losing one.
@Suite
struct PostgresThreadsTests {
    /// The connections carry the keepalive and unacknowledged-data limits PostgresURL adds (read back
    /// from the socket libpq opened), so a vanished database host fails queries instead of holding them.
    @Test func connectionsCarryTheTCPLimits() throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let connection = try PGConnection(conninfo: try PostgresURL.conninfo(url))
        let socket = PQsocket(connection.conn)
        func option(_ name: Int32) -> Int32 {
            var value: Int32 = -1
            var size = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(socket, Int32(IPPROTO_TCP), name, &value, &size)
            return value
        }
        var keepalive: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(socket, SOL_SOCKET, SO_KEEPALIVE, &keepalive, &size)
        #expect(keepalive == 1)
        #expect([option(TCP_KEEPIDLE), option(TCP_KEEPINTVL), option(TCP_KEEPCNT)] == [30, 10, 3])
        #expect(option(TCP_USER_TIMEOUT) == 30000)
    }

    /// `ps -L` tells the store's threads apart: the request threads, the group commit's writer and the reader.
    @Test func theStoresThreadsCarryTheirNames() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, grant, _ in
            try storage.insertToken(PGFixture.token("live", grant: grant))
            let inserted = try await Task(executorPreference: storage.executor) {
                (ThreadName.current(), try await storage.insertToken(PGFixture.access("a", grant), whileLive: "live", at: PGFixture.time))
            }.value
            #expect(inserted.0 == "al.pg.store")
            #expect(inserted.1)
            let read = try await Task(executorPreference: storage.requestLoop) {
                (ThreadName.current(), try await storage.readLiveToken(hash: "a", at: PGFixture.time)?.record.hash)
            }.value
            #expect(read.0 == "al.pg.reader")
            #expect(read.1 == "a")
            let names = ThreadName.all()
            for name in ["al.pg.store", "al.pg.writer", "al.pg.reader"] { #expect(names.contains(name), "\(name) in \(names)") }
        }
    }

    @Test func manyConcurrentRequestsOnAPoolOfTwoAllComplete() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let storage = try PostgresStorage(url: url, poolSize: 2)
        try storage.migrate()
        let grant = try PGFixture.grant(storage)
        let requests = 200
        let completed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<requests {
                group.addTask(executorPreference: storage.executor) {
                    // A refresh's shape: one transaction reading a token and writing another.
                    try storage.transaction { view in
                        _ = try view.token(hash: "t\(index)")
                        try view.insertToken(PGFixture.token("t\(index)", grant: grant))
                    }
                    return try storage.token(hash: "t\(index)") != nil
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(completed == requests)
        #expect(try storage.texts("SELECT count(*) FROM tokens") == ["\(requests)"])
        #expect(storage.executor.threadCount <= 2)
        #expect(storage.poolStatistics.open <= 2)
    }

    /// Handlers blocked in libpq (here: waiting for an advisory lock the test holds) occupy the store's
    /// threads only; work on the cooperative pool still runs meanwhile.
    @Test func blockedDatabaseCallsLeaveTheCooperativePoolFree() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        defer { PostgresTestDatabase.dropSchema(url) }
        let waiters = ProcessInfo.processInfo.activeProcessorCount + 2
        let storage = try PostgresStorage(url: url, poolSize: waiters)
        let holder = try PostgresStorage(url: url, poolSize: 1)
        _ = try holder.texts("SELECT pg_advisory_lock(4711)")
        let release = LockRelease(holder)
        release.after(seconds: 120)  // a safety net: the test fails, but does not hang, if the pool is blocked
        let blocked = (0..<waiters).map { _ in
            Task.detached(executorPreference: storage.executor) {
                try storage.texts("SELECT pg_advisory_xact_lock_shared(4711)")
            }
        }
        try await PGFixture.poll("every waiter blocked in the server") {
            try holder.texts("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 4711 AND NOT granted")
                == ["\(waiters)"]
        }
        let cooperative = await withTaskGroup(of: Int.self) { group in
            for index in 0..<64 { group.addTask { await Task.yield(); return index } }
            return await group.reduce(0, +)
        }
        #expect(cooperative == (0..<64).reduce(0, +))
        #expect(!release.done, "cooperative work finished while every database call was blocked")
        release.now()
        for task in blocked { _ = try await task.value }
    }
}

/// Releases the advisory lock the test holds: now, or after a delay on a plain thread.
final class LockRelease: Sendable {
    private let holder: PostgresStorage
    private let released = Mutex(false)

    init(_ holder: PostgresStorage) { self.holder = holder }

    var done: Bool { released.withLock { $0 } }

    func now() {
        let first = released.withLock { done in defer { done = true }; return !done }
        if first { _ = try? holder.texts("SELECT pg_advisory_unlock(4711)") }
    }

    func after(seconds: Double) {
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            now()
        }
    }
}

/// A store call made inside a transaction on the store itself, not on its view, needs a second
/// connection: with one connection per request thread it opens an extra one instead of waiting for
/// itself until the pool gives up.
@Suite
struct PostgresNestedCallTests {
    @Test func aNestedCallOnAPoolOfOneDoesNotWaitForItself() throws {
        try PGFixture.withGrant(poolSize: 1) { storage, grant, _ in
            // Without the extra connection the inner call throws `.unavailable` after the pool's wait.
            try storage.transaction { view in
                try view.insertToken(PGFixture.token("inner", grant: grant))
                #expect(try storage.token(hash: "inner") == nil, "another connection: the insert is not committed")
            }
            #expect(storage.poolStatistics.open == 1, "the extra connection is closed when returned")
            #expect(try storage.token(hash: "inner") != nil)
        }
    }
}
