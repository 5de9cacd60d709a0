import CMicroHTTPD
import Glibc
import Synchronization

/// Per-connection state, created in the connection-started notification and stored (retained) in
/// libmicrohttpd's `socket_context`; released in the connection-closed notification.
final class ConnectionContext: Sendable {
    let descriptor: Int32
    let remoteAddress: String
    /// The libmicrohttpd worker thread that serves the connection (`pthread_self()` there).
    let worker: UInt
    /// Monotonic time since which we wait for a complete request; 0 while one is being handled.
    let receivingSince: Atomic<UInt64>

    init(descriptor: Int32, remoteAddress: String, worker: UInt, now: UInt64) {
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
        self.worker = worker
        receivingSince = Atomic(now)
    }
}

/// Per-request state, created in the URI-log callback, stored (retained) in `*con_cls` and
/// released in the request-completed callback (docs/architecture.md platform notes 4 and 5).
/// `phase`, `body` and the request fields are touched only by the connection's worker thread;
/// the handler task writes `response` before it resumes the connection.
final class RequestContext: @unchecked Sendable {
    enum Phase { case awaitingHeaders, receivingBody, handling, answered }

    var phase = Phase.awaitingHeaders
    let rawURI: String
    let startedAt: UInt64
    let connection: ConnectionContext?
    var body: [UInt8] = []
    var collectedHeaders = HTTPHeaders()
    var method = ""
    var path = ""
    var requestID = ""
    /// The request target held a NUL byte (seen in the URI-log callback, `accountlink_uri_was_cut`).
    var targetWasCut = false
    /// The client's address: the peer, or from `X-Forwarded-For` when the peer is a trusted proxy.
    var clientIP = ""
    private let response = Mutex<HTTPResponse?>(nil)

    init(rawURI: String, connection: ConnectionContext?, now: UInt64) {
        self.rawURI = rawURI
        self.connection = connection
        self.startedAt = now
    }

    var rawQuery: String {
        guard let question = rawURI.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        let afterQuestion = rawURI.utf8.index(after: question)
        let end = rawURI.utf8[afterQuestion...].firstIndex(of: UInt8(ascii: "#")) ?? rawURI.utf8.endIndex
        return String(rawURI[afterQuestion..<end])
    }

    func store(_ value: HTTPResponse) { response.withLock { $0 = value } }

    func takeResponse() -> HTTPResponse? { response.withLock { $0.take() } }
}

/// A libmicrohttpd connection pointer that may cross to the handler task: the only calls made on
/// it from there are `MHD_resume_connection`, which libmicrohttpd allows from any thread.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Every open connection by descriptor, for the slow-client watchdog and the per-worker counts.
final class ConnectionRegistry: Sendable {
    private let connections = Mutex<[Int32: ConnectionContext]>([:])
    /// Each worker thread seen so far, numbered in the order it first served a connection.
    private let workers = Mutex<[UInt: Int]>([:])

    func insert(_ connection: ConnectionContext) {
        workers.withLock { known in
            if known[connection.worker] == nil { known[connection.worker] = known.count }
        }
        connections.withLock { $0[connection.descriptor] = connection }
    }

    func remove(_ connection: ConnectionContext) {
        connections.withLock { table in
            if table[connection.descriptor] === connection { table[connection.descriptor] = nil }
        }
    }

    var count: Int { connections.withLock { $0.count } }

    /// Open connections per worker thread, by the workers' numbers; `workerCount` entries at least
    /// (a worker that has served none yet counts 0).
    func countsPerWorker(workerCount: Int) -> [Int] {
        let numbers = workers.withLock { $0 }
        var counts = [Int](repeating: 0, count: max(workerCount, numbers.count))
        connections.withLock { table in
            for connection in table.values { if let number = numbers[connection.worker] { counts[number] += 1 } }
        }
        return counts
    }

    /// Shuts down (both directions) every connection still waiting for a complete request after
    /// `limit` nanoseconds, however slowly it trickles bytes: libmicrohttpd's own timeout only
    /// counts inactivity. The daemon then sees end-of-file and closes it on its own thread. The
    /// lock is held so that a descriptor is never shut down after libmicrohttpd closed it (it
    /// notifies "closed", which removes the entry, before it closes the socket).
    func shutDownSlow(now: UInt64, limit: UInt64) -> Int {
        connections.withLock { table in
            var dropped = 0
            for connection in table.values {
                let since = connection.receivingSince.load(ordering: .relaxed)
                guard since != 0 && now > since && now - since > limit else { continue }
                connection.receivingSince.store(0, ordering: .relaxed)
                _ = Glibc.shutdown(connection.descriptor, Int32(SHUT_RDWR))
                dropped += 1
            }
            return dropped
        }
    }
}
