import Foundation
import OAuthCore
import Testing

@testable import StoreSQLite

/// One batch as the writer's thread runs it (`SQLiteWriter.run`, then each job's `finish`), with the
/// statements chosen: SQLite undoes a failing statement on its own, unless the statement rolled back
/// the whole transaction, and then no caller may hear of a success that was lost.
@Suite struct SQLiteBatchTests {
    /// Inserts each id into `t` (holding 1 already) as one batch; each caller's answer, and the rows after.
    private func batch(_ ids: [Int], conflict: String) throws -> (answers: [Bool], rows: [Int]) {
        try TemporaryFolder.with { folder in
            let connection = try SQLiteConnection(path: folder.path("db.sqlite"), busyTimeoutMilliseconds: 1000)
            try connection.script("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
            let writer = SQLiteWriter(connection)
            let jobs = ids.map { id in
                BlockingStatement<Int> { db in try db.run("INSERT \(conflict) INTO t VALUES (\(id))", []) }
            }
            let outcome = writer.run(jobs)
            jobs.forEach { $0.finish(outcome) }
            let answers = jobs.map { (try? $0.result()) == 1 }
            // The writer goes on: the next batch commits.
            let next = BlockingStatement<Int> { db in try db.run("INSERT INTO t VALUES (100)", []) }
            next.finish(writer.run([next]))
            #expect(try next.result() == 1)
            let rows = try connection.query("SELECT id FROM t WHERE id < 100 ORDER BY id", []) { try $0.int64(0) }
            return (answers, rows.map { Int($0) })
        }
    }

    @Test func aFailingStatementIsUndoneAloneAndFailsOnlyItsCaller() throws {
        let (answers, rows) = try batch([2, 1, 3], conflict: "")
        #expect(answers == [true, false, true])
        #expect(rows == [1, 2, 3])
    }

    /// `OR ROLLBACK` makes SQLite roll back the whole transaction on the conflict (as an I/O error or a
    /// full disk may): the writes before it are gone, the ones after must not run on their own.
    @Test func aStatementThatRollsBackTheTransactionFailsTheWholeBatch() throws {
        let (answers, rows) = try batch([2, 1, 3], conflict: "OR ROLLBACK")
        #expect(answers == [false, false, false])
        #expect(rows == [1])
    }
}
