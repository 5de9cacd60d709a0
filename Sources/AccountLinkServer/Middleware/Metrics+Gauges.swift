import Foundation
import HTTPServer
import OAuthCore
import StorePostgres

extension AccountLinkApp {
    /// Gauges of what exists: the PostgreSQL pool, and the background revocation jobs waiting to be retried.
    func registerGauges() {
        let storage = runtime.storage
        if let postgres = storage as? PostgresStorage {
            metrics.gauge("accountlink_db_pool_connections_open") { Double(postgres.poolStatistics.open) }
            metrics.gauge("accountlink_db_pool_connections_idle") { Double(postgres.poolStatistics.idle) }
            metrics.gauge("accountlink_db_pool_connections_max") { Double(postgres.poolStatistics.size) }
            // Round trips to PostgreSQL since start (docs/performance.md counts them per request).
            metrics.gauge("accountlink_db_round_trips") { Double(postgres.roundTrips) }
        }
        metrics.gauge("accountlink_background_pending_revocations") {
            (try? storage.duePendingRevocations(at: .distantFuture)).map { Double($0.count) }
        }
        registerOutboxGauges()
        registerEventGauges()
    }

    /// Open connections per HTTP worker thread, `accountlink_http_connections{worker="N"}`, so that an uneven
    /// spread of connections over the workers shows (docs/performance-history.md, Eleventh round).
    public func registerConnectionGauges(_ server: HTTPServer) {
        for worker in 0..<max(1, server.configuration.threadCount) {
            metrics.gauge("accountlink_http_connections{worker=\"\(worker)\"}") {
                Double(server.connectionsPerWorker[worker])
            }
        }
    }
}
