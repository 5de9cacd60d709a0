import Dispatch
import Foundation
import OAuthCore
import Synchronization
import Testing

@testable import StorePostgres

/// docs/performance.md, PostgreSQL: the token path's reads go out through PGReader, libpq's asynchronous
/// pipeline on a connection and a thread of their own: sent without waiting for earlier answers, gathered into one
/// batch while the thread is busy, each caller with its own answer, and the reader's thread is the
/// executor of the requests that make them.
@Suite(.timeLimit(.minutes(2)))
struct PostgresReaderTests {
    @Test func readsGoOutWithoutWaitingForEarlierAnswersEachWithItsOwn() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, grant, url in
            for index in 0..<6 { try storage.insertToken(PGFixture.token("t\(index)", grant: grant)) }
            _ = try storage.revokeToken(hash: "t5", at: PGFixture.time)
            _ = try await storage.readLiveToken(hash: "warm", at: PGFixture.time)  // the reader connected
            // The first read waits in the server for the table, locked here.
            let holder = try PGConnection(conninfo: try PostgresURL.conninfo(url))
            try holder.query("BEGIN")
            try holder.query("LOCK TABLE tokens IN ACCESS EXCLUSIVE MODE")
            let answers = Answers<String>()
            let now = PGFixture.time.addingTimeInterval(1)
            let read = { @Sendable (hash: String) in
                _ = Task.detached {
                    let found = await outcome { try await storage.readLiveToken(hash: hash, at: now)?.record.hash ?? "none" }
                    answers.table.withLock { $0[hash] = (try? found.get()) ?? "error" }
                }
            }
            read("t0")
            try await PGFixture.poll("the first read waiting for the table") { try PGFixture.blocked(by: holder) == 1 }
            let hashes = (1..<8).map { "t\($0)" }  // t5 revoked, t6 and t7 unknown
            for hash in hashes {
                let sent = storage.roundTrips
                read(hash)
                // Sent while every earlier read is still unanswered: not held back behind them.
                try await PGFixture.poll("\(hash) sent") { storage.roundTrips > sent }
            }
            #expect(answers.table.withLock { $0.isEmpty }, "nothing answered while the first read waits")
            try holder.query("COMMIT")
            try await PGFixture.poll("every read answered") { answers.table.withLock { $0.count } == 8 }
            let expected = Dictionary(uniqueKeysWithValues: (["t0"] + hashes).map {
                ($0, ["t5", "t6", "t7"].contains($0) ? "none" : $0)
            })
            #expect(answers.table.withLock { $0 } == expected)
        }
    }

    @Test func readsQueuedWhileTheReaderIsBusyGoOutAsOneBatch() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, grant, _ in
            for index in 0..<20 { try storage.insertToken(PGFixture.token("t\(index)", grant: grant)) }
            _ = try await storage.readLiveToken(hash: "warm", at: PGFixture.time)
            let answers = Answers<String>()
            let gate = DispatchSemaphore(value: 0)
            try await whileTheReaderIsHeld(storage, gate) {
                for index in 0..<20 {
                    _ = Task.detached {
                        let found = try? await storage.readLiveToken(hash: "t\(index)", at: PGFixture.time)
                        answers.table.withLock { $0["t\(index)"] = found?.record.hash ?? "none" }
                    }
                }
                try await PGFixture.poll("20 reads queued") { storage.reader.queuedReadCount == 20 }
            }
            let before = storage.roundTrips
            gate.signal()
            try await PGFixture.poll("every read answered") { answers.table.withLock { $0.count } == 20 }
            #expect(storage.roundTrips - before == 1, "the 20 reads: one batch, one round trip")
            #expect(answers.table.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<20).map { ("t\($0)", "t\($0)") }))
        }
    }

    /// `/healthz`'s `SELECT 1` under load: identical statements without parameters queued together go out
    /// once and every caller gets that answer; statements with parameters each run for their own caller,
    /// even when equal (merged into one statement, `equalStatementsWithParametersGoOutAsOne…`).
    @Test func identicalStatementsWithoutParametersQueuedTogetherRunOnceForAll() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, _, _ in
            try storage.connection { try $0.query("CREATE SEQUENCE merge_probe") }
            _ = try await storage.readLiveToken(hash: "warm", at: PGFixture.time)
            let answers = Answers<String>()
            let gate = DispatchSemaphore(value: 0)
            let plain = PGStatement("SELECT nextval('merge_probe')")
            let withValue = PGStatement("SELECT nextval('merge_probe') + $1::int", [.int(0)])
            let failing = PGStatement("SELEKT 1")
            let keys = (0..<5).map { "plain\($0)" } + (0..<3).map { "value\($0)" } + (0..<3).map { "failing\($0)" }
            try await whileTheReaderIsHeld(storage, gate) {
                for key in keys {
                    let statement = key.hasPrefix("plain") ? plain : key.hasPrefix("value") ? withValue : failing
                    _ = Task.detached {
                        let result = await outcome { try await storage.reader.read(statement).rows { try $0.int64(0) }[0] }
                        answers.table.withLock { $0[key] = (try? result.get()).map { "\($0)" } ?? result.storeErrorKind }
                    }
                }
                try await PGFixture.poll("every statement queued") { storage.reader.queuedReadCount == keys.count }
            }
            let before = storage.roundTrips
            gate.signal()
            try await PGFixture.poll("every caller answered") { answers.table.withLock { $0.count } == keys.count }
            let table = answers.table.withLock { $0 }
            let plainValues = Set(keys.filter { $0.hasPrefix("plain") }.map { table[$0]! })
            let valueValues = keys.filter { $0.hasPrefix("value") }.map { table[$0]! }
            #expect(plainValues.count == 1, "five callers, one execution: \(table)")
            #expect(Set(valueValues).count == 3, "a statement with parameters runs for each caller: \(table)")
            #expect(plainValues.isDisjoint(with: valueValues))
            let failures = keys.filter { $0.hasPrefix("failing") }.map { table[$0] ?? "unanswered" }
            #expect(failures == ["corrupt", "corrupt", "corrupt"], "a merged failure fails each caller")
            let advanced = try storage.connection { try $0.query("SELECT last_value FROM merge_probe").rows { try $0.int64(0) }[0] }
            #expect(advanced == 4, "the sequence advanced once for the five and once for each of the three")
            #expect(storage.roundTrips - before <= 2, "one batch, and the statements the failure skipped once more")
        }
    }

    /// The token path's reads queued together: statements with the same SQL whose parameters are text and
    /// integers go out as one statement (the callers' rows share its start time), and each caller gets its
    /// own rows, in order. When that statement fails, each goes again alone and only the failing one fails.
    @Test func equalStatementsWithParametersGoOutAsOneAndEachGetsItsOwnRows() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, _, _ in
            _ = try await storage.readLiveToken(hash: "warm", at: PGFixture.time)
            let answers = Answers<String>()
            let gate = DispatchSemaphore(value: 0)
            let series = "SELECT n, $2 AS label, statement_timestamp()::text FROM generate_series(1, $1) AS n"
            let division = "SELECT 10 / $1::int"
            let reads: [(key: String, statement: PGStatement, columns: Int32)] =
                (1...4).map { ("rows\($0)", PGStatement(series, [.int($0), .text("caller \"\($0)\"")]), 3) }
                + [5, 0, 2].map { ("divide\($0)", PGStatement(division, [.int($0)]), 1) }
            let rows = ReadRows()
            try await whileTheReaderIsHeld(storage, gate) {
                for read in reads {
                    _ = Task.detached {
                        let result = await outcome {
                            try await storage.reader.read(read.statement).rows { row in
                                try (0..<read.columns).map { try row.text($0) }
                            }
                        }
                        if let got = try? result.get() { rows.table.withLock { $0[read.key] = got } }
                        answers.table.withLock { $0[read.key] = result.storeErrorKind }
                    }
                }
                try await PGFixture.poll("every read queued") { storage.reader.queuedReadCount == reads.count }
            }
            let before = storage.roundTrips
            gate.signal()
            try await PGFixture.poll("every read answered") { answers.table.withLock { $0.count } == reads.count }
            // One batch; the failed merge's three statements alone; the one after the failing one once more.
            #expect(storage.roundTrips - before == 3)
            let got = rows.table.withLock { $0 }
            #expect(got["divide5"] == [["2"]] && got["divide2"] == [["5"]])
            #expect(answers.table.withLock { $0["divide0"] } == "corrupt", "only the failing read fails")
            for index in 1...4 {
                let own = got["rows\(index)"] ?? []
                #expect(own.map { $0[0] } == (1...index).map(String.init), "its own rows, in order")
                #expect(own.allSatisfy { $0[1] == "caller \"\(index)\"" })
            }
            let started = Set(got.filter { $0.key.hasPrefix("rows") }.values.joined().map { $0[2] })
            #expect(started.count == 1, "the four reads ran as one statement: \(started)")
        }
    }

    @Test func aFailingStatementFailsOnlyItsCallerAndTheSkippedOnesGoAgain() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, _, _ in
            _ = try await storage.readLiveToken(hash: "warm", at: PGFixture.time)
            let answers = Answers<Int>()
            let gate = DispatchSemaphore(value: 0)
            try await whileTheReaderIsHeld(storage, gate) {
                for index in 0..<6 {
                    // The third divides by zero; the server skips the three after it in the same batch.
                    let sql = index == 2 ? "SELECT 1 / (0 * $1::int)" : "SELECT $1::int * 10"
                    _ = Task.detached {
                        let result = await outcome { try await storage.reader.read(PGStatement(sql, [.int(index)])) }
                        let text = (try? result.get()).flatMap { try? $0.rows { try $0.int64(0) }.first }.map(String.init)
                        answers.table.withLock { $0[index] = text ?? "failed: \(result.storeErrorKind)" }
                    }
                }
                try await PGFixture.poll("6 reads queued") { storage.reader.queuedReadCount == 6 }
            }
            gate.signal()
            try await PGFixture.poll("every read answered") { answers.table.withLock { $0.count } == 6 }
            #expect(answers.table.withLock { $0 } == [0: "0", 1: "10", 2: "failed: corrupt", 3: "30", 4: "40", 5: "50"])
        }
    }

    @Test func readsGoAgainOnceOnANewConnectionWhenTheirsIsLost() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, grant, url in
            try storage.insertToken(PGFixture.token("t", grant: grant))
            let pid = try await storage.reader.read(PGStatement("SELECT pg_backend_pid()")).rows { try $0.int64(0) }[0]
            let killer = try PGConnection(conninfo: try PostgresURL.conninfo(url))
            try await PGFixture.terminate(pid, from: killer)
            #expect(try await storage.readLiveToken(hash: "t", at: PGFixture.time)?.record.hash == "t")
            let newPID = try await storage.reader.read(PGStatement("SELECT pg_backend_pid()")).rows { try $0.int64(0) }[0]
            #expect(newPID != pid)
        }
    }

    /// A statement whose preparation fails is forgotten while statements sent after it (in later batches,
    /// already out) keep their names: a new statement must not be given one of those names again.
    @Test func aStatementNameIsNeverGivenTwice() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, _, url in
            _ = try await storage.readLiveToken(hash: "warm", at: PGFixture.time)
            let holder = try PGConnection(conninfo: try PostgresURL.conninfo(url))
            try holder.query("BEGIN")
            try holder.query("LOCK TABLE tokens IN ACCESS EXCLUSIVE MODE")
            let answers = Answers<String>()
            let send = { @Sendable (key: String, sql: String) in
                _ = Task.detached {
                    let result = await outcome { try await storage.reader.read(PGStatement(sql)) }
                    answers.table.withLock { $0[key] = result.storeErrorKind }
                }
            }
            var sent = storage.roundTrips
            send("waits", "SELECT count(*) FROM tokens")  // prepared once the table is free
            try await PGFixture.poll("the first waiting for the table") { try PGFixture.blocked(by: holder) == 1 }
            for (key, sql) in [("bad", "SELEKT 1"), ("after", "SELECT 2")] {
                sent = storage.roundTrips
                send(key, sql)
                try await PGFixture.poll("\(key) sent") { storage.roundTrips > sent }
            }
            try holder.query("COMMIT")
            try await PGFixture.poll("three answered") { answers.table.withLock { $0.count } == 3 }
            #expect(answers.table.withLock { $0 } == ["waits": "none", "bad": "corrupt", "after": "none"])
            let next = await outcome { try await storage.reader.read(PGStatement("SELECT 3")) }
            #expect(next.storeErrorKind == "none", "a new statement gets a name of its own")
        }
    }

    @Test func requestTasksRunOnTheReadersThreadBeforeAndAfterTheirRead() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, grant, _ in
            try storage.insertToken(PGFixture.token("t", grant: grant))
            let threads = try await Task(executorPreference: storage.requestLoop) {
                let before = currentThread()
                let found = try await storage.readLiveToken(hash: "t", at: PGFixture.time)
                return [before, currentThread(), found?.record.hash == "t" ? 1 : 0]
            }.value
            let reader = storage.reader.thread.load(ordering: .relaxed)
            #expect(reader != 0)
            #expect(threads == [reader, reader, 1], "before and after the read on the reader's thread")
        }
    }

    @Test func stoppingFailsReadsYetTasksStillRunAndTheThreadEnds() async throws {
        let reader = try PGReader { throw StoreError.unavailable("never connects in this test") }
        let unanswered = await outcome { try await reader.read(PGStatement("SELECT 1")) }
        #expect(unanswered.storeErrorKind == "unavailable", "no connection: unavailable")
        reader.stop()
        let refused = await outcome { try await reader.read(PGStatement("SELECT 1")) }
        #expect(refused.storeErrorKind == "unavailable")
        let ran = await Task(executorPreference: reader) { currentThread() }.value
        #expect(ran == reader.thread.load(ordering: .relaxed), "a task given to a stopped reader still runs, on its thread")
        try await PGFixture.poll("the reader's thread ended") { !reader.isRunning }
    }

    /// Runs `body` while a task holds the reader's thread until `gate` is signalled (by the caller, after).
    private func whileTheReaderIsHeld(
        _ storage: PostgresStorage, _ gate: DispatchSemaphore, _ body: () async throws -> Void
    ) async throws {
        let holding = Atomic<Bool>(false)
        Task(executorPreference: storage.requestLoop) {
            holding.store(true, ordering: .relaxed)
            gate.wait()
        }
        try await PGFixture.poll("the reader's thread held") { holding.load(ordering: .relaxed) }
        try await body()
    }
}

/// Answers collected from detached tasks.
/// Rows each caller read, by its key.
private final class ReadRows: Sendable {
    let table = Mutex<[String: [[String]]]>([:])
}

private final class Answers<Key: Hashable & Sendable>: Sendable {
    let table = Mutex<[Key: String]>([:])
}

/// The thread this runs on.
private func currentThread() -> UInt { UInt(pthread_self()) }

/// `body`'s outcome, thrown or not.
private func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

extension Result where Failure == any Error {
    /// The StoreError's case name, "none" when it succeeded.
    fileprivate var storeErrorKind: String {
        guard case .failure(let error) = self else { return "none" }
        return (error as? StoreError)?.kind ?? String(describing: error)
    }
}
