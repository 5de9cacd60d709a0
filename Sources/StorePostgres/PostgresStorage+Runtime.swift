import OAuthCore

/// What the server takes from this store (OAuthCore's StoreRuntime; docs/performance.md, PostgreSQL): the
/// store's threads for blocking work, the reader's thread as the loop of requests whose store calls all
/// suspend, and the pool's gauges.
extension PostgresStorage: StoreRuntime {
    public var blockingExecutor: (any TaskExecutor)? { executor }

    /// The executor for requests whose store calls all suspend (the reader's thread, PGReader.swift).
    public var requestLoop: (any TaskExecutor)? { reader }

    public var gauges: [StoreGauge] {
        [
            StoreGauge("accountlink_db_pool_connections_open") { [self] in Double(poolStatistics.open) },
            StoreGauge("accountlink_db_pool_connections_idle") { [self] in Double(poolStatistics.idle) },
            StoreGauge("accountlink_db_pool_connections_max") { [self] in Double(poolStatistics.size) },
            // Round trips to PostgreSQL since start (docs/performance.md counts them per request).
            StoreGauge("accountlink_db_round_trips") { [self] in Double(roundTrips) },
        ]
    }
}
