import Foundation
import HTTPServer
import OAuthCore

extension AccountLinkApp {
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
