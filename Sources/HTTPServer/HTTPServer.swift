import Dispatch
import Glibc
import Support
import Synchronization

/// The libmicrohttpd adapter: an epoll thread pool that parses HTTP and hands each complete
/// request to an async `HTTPResponder` (docs/architecture.md platform notes 4–6).
public final class HTTPServer: Sendable {
    public struct Configuration: Sendable {
        /// IPv4 or IPv6 literal to bind.
        public var host: String
        /// 0 picks a free port; read `boundPort` after `start()`.
        public var port: Int
        public var threadCount: Int
        /// Larger bodies get 413 (RFC 9110 §15.5.14).
        public var maxBodyBytes: Int
        /// Request line plus headers; larger ones get 431 or 400 from libmicrohttpd.
        public var maxHeaderBytes: Int
        /// A connection idle this long is closed, and so is one that has not delivered a whole
        /// request this long after it started waiting for one (slow clients).
        public var connectionTimeoutSeconds: Int
        /// All open connections (libmicrohttpd refuses more).
        public var maxConnections: Int
        /// Open connections from one client address (libmicrohttpd closes more at once), so that one
        /// address cannot take the whole `maxConnections` from the others. 0: no cap.
        public var maxConnectionsPerAddress: Int
        /// How long `shutdown()` waits for in-flight requests before answering them 503.
        public var shutdownGracePeriodSeconds: Double
        public var listenBacklog: Int32
        /// Peers whose `X-Forwarded-For` is believed when finding the client address (exact addresses).
        public var trustedProxies: Set<String> = []
        /// Where a request runs when its responder names no executor of its own (`preferredExecutor`):
        /// nil, Swift's global pool (one thread per core). A test that serves the app in process while other
        /// tests block pool threads synchronously (a libcurl call to an in-process stand-in) gives its
        /// servers threads of their own here, so that no request of theirs waits for the pool.
        public var executor: (any TaskExecutor)? = nil

        public init(host: String = "127.0.0.1", port: Int = 8080, threadCount: Int = HTTPServer.coreCount,
                    maxBodyBytes: Int = 1 << 20, maxHeaderBytes: Int = 16 * 1024, connectionTimeoutSeconds: Int = 30,
                    maxConnections: Int = 4096, shutdownGracePeriodSeconds: Double = 30, listenBacklog: Int32 = 1024,
                    maxConnectionsPerAddress: Int = 256)
        {
            self.maxConnectionsPerAddress = maxConnectionsPerAddress
            self.host = host
            self.port = port
            self.threadCount = threadCount
            self.maxBodyBytes = maxBodyBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.maxConnections = maxConnections
            self.shutdownGracePeriodSeconds = shutdownGracePeriodSeconds
            self.listenBacklog = listenBacklog
        }

        /// libmicrohttpd's per-connection pool holds the headers plus its own bookkeeping.
        var connectionMemoryLimit: Int { maxHeaderBytes + 4096 }
    }

    public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    enum Phase { case idle, running, stopping, stopped }

    struct State {
        var phase = Phase.idle
        var daemon: Daemon?
        var watchdog: DispatchSourceTimer?
    }

    public let configuration: Configuration
    let core: ServerCore
    let state = Mutex(State())
    let finished = DispatchSemaphore(value: 0)
    private let port = Atomic<Int>(0)

    public init(configuration: Configuration = Configuration(), responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        let responder = configuration.executor.map { ExecutorFallback(executor: $0, next: responder) } ?? responder
        core = ServerCore(responder: responder, logger: logger, maxBodyBytes: configuration.maxBodyBytes,
                          maxConnections: configuration.maxConnections, trustedProxies: configuration.trustedProxies)
    }

    /// The port actually bound (useful with port 0); 0 before `start()`.
    public var boundPort: Int { port.load(ordering: .relaxed) }

    /// Requests received and not yet completed.
    public var activeRequestCount: Int { core.activeRequests.load(ordering: .relaxed) }

    /// Open client connections.
    public var connectionCount: Int { core.connections.count }

    /// Open client connections per worker thread (`threadCount` entries; which worker is which number
    /// is the order they first served a connection). The `Acceptor` hands connections accepted one after
    /// another to the workers in turn; once connections have come and gone, the split follows which
    /// descriptors were free (docs/performance-history.md, Eleventh round).
    public var connectionsPerWorker: [Int] {
        core.connections.countsPerWorker(workerCount: max(1, configuration.threadCount))
    }

    /// Binds and starts serving; throws `HTTPServerError.addressInUse` when the port is taken.
    public func start() throws(HTTPServerError) {
        try state.withLock { (state) throws(HTTPServerError) in
            guard state.phase == .idle else { throw .alreadyStarted }
            FileLimit.ensure(configuration.maxConnections + 256)
            let listen = try ListenSocket.open(host: configuration.host, port: configuration.port,
                                               backlog: configuration.listenBacklog)
            let daemon = try Daemon(core: core, listen: listen, configuration: configuration)
            port.store(daemon.boundPort, ordering: .relaxed)
            state.daemon = daemon
            state.watchdog = startWatchdog()
            state.phase = .running
        }
        core.logger.info("listening", ["http.host": configuration.host],
                         numbers: ["http.port": Double(boundPort)])
    }

    /// A server dropped while running stops hard: running handlers are answered 503 first, since
    /// libmicrohttpd must not be stopped with suspended connections.
    deinit {
        let daemon = state.withLock { state in
            state.watchdog?.cancel()
            return state.phase == .running || state.phase == .stopping ? state.daemon : nil
        }
        SignalRelay.shared.remove(ObjectIdentifier(self))
        guard let daemon else { return }
        core.draining.store(true, ordering: .relaxed)
        core.resumeAllWithServiceUnavailable()
        daemon.stop()
    }

    private func startWatchdog() -> DispatchSourceTimer {
        let limit = UInt64(max(1, configuration.connectionTimeoutSeconds)) * 1_000_000_000
        let interval = min(1.0, Double(max(1, configuration.connectionTimeoutSeconds)) / 4)
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "accountlink.http.watchdog"))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        let connections = core.connections
        timer.setEventHandler {
            _ = connections.shutDownSlow(now: monotonicNanoseconds(), limit: limit)
        }
        timer.resume()
        return timer
    }
}

/// `Configuration.executor` for the requests whose responder names none.
struct ExecutorFallback: HTTPResponder {
    let executor: any TaskExecutor
    let next: any HTTPResponder

    func respond(to request: HTTPRequest) async -> HTTPResponse { await next.respond(to: request) }

    func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)? {
        next.preferredExecutor(for: request) ?? executor
    }
}
