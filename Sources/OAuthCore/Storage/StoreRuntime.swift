/// What a store offers the server besides its data (docs/performance.md, PostgreSQL): threads of its own for
/// work that blocks on its database, a loop for requests whose every store call suspends, and gauges for
/// `/metrics`. The composition root (AccountLinkServer's `Runtime`) takes it from the store it opens and
/// passes it on; nothing asks a store which type it is.
public protocol StoreRuntime: Sendable {
    /// Where work that blocks on the database runs (`OAuthEnvironment.blockingExecutor`, the background
    /// upkeep); nil: wherever it is called.
    var blockingExecutor: (any TaskExecutor)? { get }
    /// Where a request whose store calls all suspend starts (the token path's reads and refreshes); nil:
    /// as every other request.
    var requestLoop: (any TaskExecutor)? { get }
    /// The store's own gauges (pool connections, round trips), read at each scrape.
    var gauges: [StoreGauge] { get }
}

/// One value of a store's for `/metrics`.
public struct StoreGauge: Sendable {
    public var name: String
    public var value: @Sendable () -> Double

    public init(_ name: String, _ value: @escaping @Sendable () -> Double) {
        self.name = name
        self.value = value
    }
}

/// A store that answers from memory or a page cache (memory, SQLite): no threads, loop or gauges of its own.
public struct PlainStoreRuntime: StoreRuntime {
    public init() {}
    public var blockingExecutor: (any TaskExecutor)? { nil }
    public var requestLoop: (any TaskExecutor)? { nil }
    public var gauges: [StoreGauge] { [] }
}
