import Foundation
import HTTPServer
import OAuthCore

extension AccountLinkApp {
    /// Gauges of what exists: the store's (the PostgreSQL pool), and the background revocation jobs waiting to be retried.
    func registerGauges() {
        let storage = runtime.storage
        // The store's own (PostgreSQL: its pool and round trips), as its StoreRuntime offers them.
        for gauge in runtime.storeRuntime.gauges { metrics.gauge(gauge.name, gauge.value) }
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
