import Foundation
import OAuthCore
import StoreSQL
import Testing

@testable import StorePostgres

/// The group commit's own connection (PGKeptConnection, `PostgresStorage.openWriter`): its statement is
/// planned once and reused however small the batches, and a lost connection is opened again with the same
/// setting.
@Suite
struct PGKeptConnectionTests {
    /// Eight batches of one row each, the group commit's statement run on `connection`; then how often
    /// PostgreSQL planned it for those values (custom) and reused its generic plan, read on the same session.
    static func plansOfEightSingleRowBatches(_ connection: PGConnection, _ grant: Grant, _ prefix: String) throws
        -> (generic: Int64, custom: Int64)
    {
        for index in 0..<8 {
            let access = PGFixture.access("\(prefix)\(index)", grant)
            let insert = PGLiveInsert(row: try PostgresStorage.liveInsertRow(access, "live", PGFixture.time), hash: access.hash)
            let written = try connection.written([insert])
            #expect(try written[0].rows { try $0.text(0) } == [access.hash])
        }
        let plans = try connection.query(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'WITH written AS%'"
        ).rows { (try $0.int64(0), try $0.int64(1)) }
        #expect(plans.count == 1)
        return plans.first ?? (0, 0)
    }

    @Test func theWritersStatementIsPlannedOnceEvenForBatchesOfOneRow() throws {
        try PGFixture.withGrant(poolSize: 2) { storage, grant, _ in
            try storage.insertToken(PGFixture.token("live", grant: grant))
            let writer = try PostgresStorage.openWriter(storage.pool)
            let plans = try Self.plansOfEightSingleRowBatches(writer, grant, "w")
            #expect(plans.custom == 0)
            #expect(plans.generic == 8)
            // Without the setting (a pooled connection), PostgreSQL plans every one of them anew: what the
            // writer's setting avoids (0.78 ms of planning per single refresh, docs/performance-history.md,
            // Eighth round).
            let pooled = try storage.connection { try Self.plansOfEightSingleRowBatches($0, grant, "p") }
            #expect(pooled.custom == 8)
        }
    }

    @Test func aLostConnectionIsOpenedAgainWithItsSetting() async throws {
        try await PGFixture.withGrant(poolSize: 2) { storage, _, url in
            let kept = PGKeptConnection { try PostgresStorage.openWriter(storage.pool) }
            let session = { () throws -> (Int64, String) in
                try kept.with { db in
                    try db.query("SELECT pg_backend_pid(), current_setting('plan_cache_mode')")
                        .rows { (try $0.int64(0), try $0.text(1)) }[0]
                }
            }
            let (first, mode) = try session()
            #expect(mode == "force_generic_plan")
            #expect(try session().0 == first)  // kept, not opened per call
            try await PGFixture.terminate(first, from: try PGConnection(conninfo: try PostgresURL.conninfo(url)))
            // The statement that finds the connection gone fails; the next call opens a new one.
            #expect(throws: StoreError.self) { try session() }
            let (second, modeAgain) = try session()
            #expect(second != first)
            #expect(modeAgain == "force_generic_plan")
        }
    }
}
