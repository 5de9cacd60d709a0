import Foundation
import OAuthCore
import Support
import Synchronization
import Testing

@testable import StoreSQLite

/// Single statements outside a transaction share the writer thread's BEGIN … COMMIT
/// (Sources/StoreSQLite/SQLiteWriter+Batch.swift): every caller hears back only after the COMMIT that
/// holds its write, a failing statement fails only its own caller, and transactions stay all or nothing.
@Suite struct SQLiteBatchWriterTests {
    struct Refused: Error {}

    /// 100 blocked threads and 100 suspended tasks at once; each checks its row from other connections
    /// (a second storage's readers) the moment its call returns.
    @Test func concurrentSingleWritesAllLandAndAreCommittedWhenTheirCallerReturns() async throws {
        try await TemporaryFolder.withAsync { folder in
            let storage = try BatchFixture.open(folder)
            let other = try SQLiteStorage(path: folder.path("db.sqlite"))
            let grant = try BatchFixture.refreshToken(storage)
            let gate = Gate()
            let threads = BatchFixture.threads(count: 100, gate: gate) { index in
                try storage.insertClient(batchClient("thread-\(index)"))
                return try other.client(id: "thread-\(index)") != nil
            }
            gate.open()
            let taskOutcomes = try await BatchFixture.tasks(count: 100) { index in
                let record = BatchFixture.access("task-\(index)", grant)
                let inserted = try await storage.insertToken(record, whileLive: "refresh", at: record.createdAt)
                return try inserted && other.token(hash: record.hash) == record
            }
            let threadOutcomes = try await threads.value()
            #expect(threadOutcomes == Array(repeating: true, count: 100), "each thread saw its row on return")
            #expect(taskOutcomes == Array(repeating: true, count: 100), "each task saw its token on return")
            #expect(try other.listClients().count == 101)
        }
    }

    /// A duplicate primary key queued among good statements (held back by a transaction, so that they
    /// form one batch behind it) fails alone; the transaction and every good statement commit.
    @Test func aFailingStatementFailsOnlyItsCaller() throws {
        try TemporaryFolder.with { folder in
            let storage = try BatchFixture.open(folder)
            try storage.insertClient(batchClient("taken"))
            let held = HeldTransaction(storage) { try $0.insertClient(batchClient("in-transaction")) }
            let outcomes = BatchFixture.threads(count: 41, gate: nil) { index in
                do {
                    let client = index == 20 ? batchClient("taken", name: "duplicate") : batchClient("good-\(index)")
                    try storage.insertClient(client)
                    return "ok"
                } catch StoreError.conflict {
                    return "conflict"
                }
            }
            Thread.sleep(forTimeInterval: 0.2)  // lets them queue; the outcome does not depend on it
            try held.release()
            let seen = try outcomes.wait()
            #expect(seen[20] == "conflict")
            #expect(seen.enumerated().allSatisfy { $0.offset == 20 || $0.element == "ok" })
            for index in 0..<41 where index != 20 { #expect(try storage.client(id: "good-\(index)") != nil) }
            #expect(try storage.client(id: "in-transaction") != nil)
            #expect(try storage.client(id: "taken")?.name == "taken")
        }
    }

    /// Transactions that write two rows (a third of them refused halfway, a third failing on a duplicate)
    /// run among batched single writes: each keeps all or nothing, every single write lands.
    @Test func transactionsAmongBatchedWritesStayAllOrNothing() throws {
        try TemporaryFolder.with { folder in
            let storage = try BatchFixture.open(folder)
            try storage.insertClient(batchClient("dup"))
            let gate = Gate()
            let singles = BatchFixture.threads(count: 60, gate: gate) { index in
                try storage.insertClient(batchClient("single-\(index)"))
                return true
            }
            let transactions = BatchFixture.threads(count: 30, gate: gate) { index in
                (try? storage.transaction { tx -> Void in
                    try tx.insertClient(batchClient("first-\(index)"))
                    if index % 3 == 1 { throw Refused() }
                    try tx.insertClient(batchClient(index % 3 == 2 ? "dup" : "second-\(index)"))
                }) != nil
            }
            gate.open()
            #expect(try singles.wait() == Array(repeating: true, count: 60))
            let kept = try transactions.wait()
            for index in 0..<30 {
                #expect(kept[index] == (index % 3 == 0), "transaction \(index) outcome")
                let stored = try ["first", "second"].map { try storage.client(id: "\($0)-\(index)") != nil }
                #expect(stored == [index % 3 == 0, index % 3 == 0], "transaction \(index): all or nothing")
            }
            #expect(try storage.listClients().count == 1 + 60 + 10 * 2)
        }
    }

    /// `ps -L` shows the writer's thread by its name (Support/ThreadName.swift).
    @Test func theWritersThreadCarriesItsName() throws {
        try TemporaryFolder.with { folder in
            let storage = try BatchFixture.open(folder)
            try storage.insertClient(batchClient("c"))  // starts the writer's thread
            #expect(ThreadName.all().contains("al.sqlite.write"))
        }
    }

    /// Releasing a storage ends its writer thread: the thread's last reference to the writer goes.
    @Test func releasedStoragesEndTheirWriterThreads() throws {
        try TemporaryFolder.with { folder in
            var writers: [Weak] = []
            for index in 0..<20 {
                let storage = try SQLiteStorage(path: folder.path("db-\(index).sqlite"))
                try storage.migrate()
                try storage.insertClient(batchClient("c"))  // starts the writer's thread
                let writer = Mirror(reflecting: storage).children.first { $0.label == "writer" }?.value
                writers.append(Weak(try #require(writer as? SQLiteWriter)))
            }
            for _ in 0..<1200 where writers.contains(where: { $0.object != nil }) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(writers.filter { $0.object != nil }.isEmpty, "every writer (and its thread) is gone")
        }
    }
}

private final class Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

func batchClient(_ id: String, name: String? = nil) -> Client {
    Client(id: id, name: name ?? id, secretHash: nil, redirectURIs: [],
           createdAt: Date(timeIntervalSince1970: 1_700_000_000))
}
