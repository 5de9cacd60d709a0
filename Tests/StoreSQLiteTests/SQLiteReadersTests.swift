import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StoreSQLite

/// The read connections beside the writer (docs/performance.md): a read is not held up by
/// a running transaction and sees only committed rows; only SELECTs are routed to them.
@Suite struct SQLiteReadersTests {
    @Test func aReadDuringATransactionIsServedAndSeesOnlyCommittedRows() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            try storage.insertClient(client("committed"))
            let inside = DispatchSemaphore(value: 0)
            let readDone = DispatchSemaphore(value: 0)
            let writer = Thread {
                try? storage.transaction { tx in
                    try tx.insertClient(client("uncommitted"))
                    inside.signal()
                    // Generous: the machine is shared; without readers the read below would wait here.
                    _ = readDone.wait(timeout: .now() + 60)
                }
            }
            writer.start()
            #expect(inside.wait(timeout: .now() + 60) == .success)
            #expect(try storage.client(id: "committed") != nil, "read while the writer is held")
            #expect(try storage.client(id: "uncommitted") == nil, "not yet committed")
            readDone.signal()
            var seen: Client?
            for _ in 0..<600 where seen == nil {
                seen = try storage.client(id: "uncommitted")
                if seen == nil { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(seen != nil, "visible once committed")
        }
    }

    @Test func onlySelectsGoToTheReaders() {
        #expect(SQLiteRoutedConnection.isSelect("SELECT 1"))
        #expect(SQLiteRoutedConnection.isSelect("\n   select hash FROM tokens"))
        #expect(!SQLiteRoutedConnection.isSelect("UPDATE tokens SET revoked_at = 1 RETURNING hash"))
        #expect(!SQLiteRoutedConnection.isSelect("INSERT INTO t SELECT 1"))
        #expect(!SQLiteRoutedConnection.isSelect("SELEC"))
    }

    @Test func aReaderRefusesWrites() throws {
        try TemporaryFolder.with { folder in
            let readers = try SQLiteReaders(path: folder.path("db.sqlite"), count: 1, busyTimeoutMilliseconds: 100)
            #expect(throws: StoreError.self) {
                try readers.read { try $0.script("CREATE TABLE t (x INTEGER)") }
            }
        }
    }
}

/// The background checkpointer (docs/performance.md): committed pages reach the database file
/// without any later commit crossing the auto-checkpoint threshold.
@Suite struct SQLiteCheckpointerTests {
    @Test func committedPagesReachTheDatabaseFileInTheBackground() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("db.sqlite")
            let storage = try SQLiteStorage(path: path)
            // Switching to WAL wrote the header page; the schema, far below the 4000-page
            // threshold, is in the WAL until a checkpoint copies it.
            try storage.migrate()
            var size = 0
            for _ in 0..<600 where size <= 4096 {
                size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                if size <= 4096 { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(size > 4096, "the schema was checkpointed into the database file")
            #expect(try storage.texts("SELECT count(*) FROM schema_migrations") == [String(SQLiteMigrations.all.count)])
        }
    }
}

/// Group commit (docs/performance.md): concurrent transactions may share a COMMIT, yet each keeps
/// all or nothing of its writes, and a failing one takes nobody else's with it.
@Suite struct SQLiteGroupCommitTests {
    struct Refused: Error {}

    @Test func concurrentTransactionsKeepTheirOwnOutcome() throws {
        try TemporaryFolder.with { folder in
            let storage = try SQLiteStorage(path: folder.path("db.sqlite"))
            try storage.migrate()
            let outcomes = Mutex<[Int: Bool]>([:])
            let threads = (0..<24).map { index in
                Thread {
                    let kept = (try? storage.transaction { tx -> Void in
                        try tx.insertClient(client("c\(index)"))
                        try tx.insertClient(client("d\(index)"))
                        if index % 3 == 0 { throw Refused() }
                    }) != nil
                    outcomes.withLock { $0[index] = kept }
                }
            }
            threads.forEach { $0.start() }
            for _ in 0..<1200 where outcomes.withLock({ $0.count }) < threads.count { Thread.sleep(forTimeInterval: 0.05) }
            let seen = outcomes.withLock { $0 }
            #expect(seen.count == threads.count, "every transaction returned")
            for index in 0..<threads.count {
                let stored = [try storage.client(id: "c\(index)") != nil, try storage.client(id: "d\(index)") != nil]
                #expect(seen[index] == (index % 3 != 0), "transaction \(index) outcome")
                #expect(stored == [index % 3 != 0, index % 3 != 0], "transaction \(index): all or nothing")
            }
        }
    }
}

func client(_ id: String) -> Client {
    Client(id: id, name: id, secretHash: nil, redirectURIs: [], createdAt: Date(timeIntervalSince1970: 1_700_000_000))
}
