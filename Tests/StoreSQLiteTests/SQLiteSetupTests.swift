import CSQLite
import CSQLiteSetup
import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StoreSQLite

/// SQLite's process-wide settings (CSQLiteSetup/setup.c, docs/performance-history.md, Ninth round): no allocation
/// statistics, and mutexes that spin before they sleep, of the kinds SQLite asks for.
@Suite struct SQLiteSetupTests {
    @Test func theSettingsApplyBeforeTheFirstConnection() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            try storage.insertClient(client("setup"))
            #expect(try storage.client(id: "setup") != nil)
            #expect(SQLiteConnection.configured == SQLITE_OK)
            #expect(accountlink_sqlite_adaptive_mutexes() == 1)
            // With statistics on, every allocation above would have been counted.
            #expect(sqlite3_memory_used() == 0)
            // Too late now: SQLite refuses, and keeps the settings it has.
            #expect(accountlink_sqlite_setup() == SQLITE_MISUSE)
            #expect(accountlink_sqlite_adaptive_mutexes() == 1)
        }
    }

    @Test func aRecursiveMutexIsReenteredAndAFastOneIsExclusive() throws {
        _ = SQLiteConnection.configured
        #expect(sqlite3_initialize() == SQLITE_OK)
        let recursive = try #require(sqlite3_mutex_alloc(SQLITE_MUTEX_RECURSIVE))
        let fast = try #require(sqlite3_mutex_alloc(SQLITE_MUTEX_FAST))
        defer {
            sqlite3_mutex_free(recursive)
            sqlite3_mutex_free(fast)
        }
        sqlite3_mutex_enter(recursive)
        #expect(sqlite3_mutex_try(recursive) == SQLITE_OK, "the holder enters again")
        sqlite3_mutex_leave(recursive)
        sqlite3_mutex_enter(fast)
        let handles = MutexHandles(recursive: recursive, fast: fast)
        let fromElsewhere = Mutex<[Int32]>([])
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let tried = [sqlite3_mutex_try(handles.recursive), sqlite3_mutex_try(handles.fast)]
            fromElsewhere.withLock { $0 = tried }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        #expect(fromElsewhere.withLock { $0 } == [SQLITE_BUSY, SQLITE_BUSY], "both held by this thread")
        sqlite3_mutex_leave(recursive)
        sqlite3_mutex_leave(fast)
        #expect(sqlite3_mutex_try(fast) == SQLITE_OK, "free again")
        sqlite3_mutex_leave(fast)
        // The static mutexes exist, one per id, and are the same each time they are asked for.
        #expect(sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_VFS1) == sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_VFS1))
        #expect(sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_MAIN) != nil)
        #expect(sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_VFS3) != nil)
    }

    /// Readers on four threads, beside a writer, under the mutexes above: once a write has committed,
    /// every read that starts after sees it, and every write arrives.
    @Test func readersOnManyThreadsBesideAWriterSeeEveryCommit() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            let committed = Atomic<Int>(0)  // written-0 ..< written-N have committed
            let finished = Atomic<Bool>(false)
            let checked = Atomic<Int>(0)
            let wrong = Mutex<[String]>([])
            let group = DispatchGroup()
            for reader in 0..<4 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    var round = 0
                    while !finished.load(ordering: .acquiring) {
                        round += 1
                        let count = committed.load(ordering: .acquiring)
                        guard count > 0 else { continue }
                        checked.add(1, ordering: .relaxed)
                        do {
                            guard try storage.client(id: "written-\(count - 1)") != nil else {
                                wrong.withLock { $0.append("reader \(reader) round \(round): written-\(count - 1) not seen") }
                                return
                            }
                        } catch {
                            wrong.withLock { $0.append("reader \(reader) round \(round): \(error)") }
                            return
                        }
                    }
                }
            }
            group.enter()
            Thread.detachNewThread {
                defer {
                    finished.store(true, ordering: .releasing)  // also when a write failed: the readers stop
                    group.leave()
                }
                for index in 0..<200 {
                    do { try storage.transaction { try $0.insertClient(client("written-\(index)")) } } catch {
                        wrong.withLock { $0.append("write \(index): \(error)") }
                        return
                    }
                    committed.store(index + 1, ordering: .releasing)
                }
            }
            #expect(group.wait(timeout: .now() + 300) == .success)
            #expect(wrong.withLock { $0 } == [])
            #expect(checked.load(ordering: .relaxed) >= 200, "the readers read while the writer wrote")
            for index in 0..<200 { #expect(try storage.client(id: "written-\(index)") != nil) }
        }
    }
}

/// sqlite3_mutex pointers handed to another thread (SQLite's mutexes are made to be shared).
private struct MutexHandles: @unchecked Sendable {
    let recursive: OpaquePointer
    let fast: OpaquePointer
}
