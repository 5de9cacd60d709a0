import CMicroHTTPD
import CShims
import Glibc
import Synchronization

/// Owns the running `MHD_Daemon`, the retained `ServerCore` its callbacks point to, and the `Acceptor`
/// that hands it connections. libmicrohttpd allows stop from any thread.
final class Daemon: @unchecked Sendable {
    private var pointer: OpaquePointer?
    private let retainedCore: Unmanaged<ServerCore>
    private let acceptor: Mutex<Acceptor?>
    let boundPort: Int

    init(core: ServerCore, listen: ListenSocket.Bound, configuration: HTTPServer.Configuration) throws(HTTPServerError) {
        let acceptor: Acceptor
        do {
            acceptor = try Acceptor(listen: listen.descriptor, slots: core.slots)
        } catch {
            close(listen.descriptor)
            throw error
        }
        let retained = Unmanaged.passRetained(core)  // released in stop(), after the daemon is gone
        let cls = retained.toOpaque()
        var options = accountlink_mhd_options(
            use_ipv6: listen.isIPv6 ? 1 : 0,
            thread_pool_size: UInt32(clamping: configuration.threadCount),
            // The cap itself is the acceptor's (ConnectionSlots). libmicrohttpd's, split over its workers, must
            // never refuse first, whichever worker a connection goes to: it counts a closed connection until
            // its worker has cleaned it up, after the closed callback gave the slot back, so each worker may
            // briefly hold up to twice the cap.
            connection_limit: UInt32(clamping: 2 * configuration.maxConnections * max(1, configuration.threadCount)),
            per_ip_connection_limit: UInt32(clamping: configuration.maxConnectionsPerAddress),
            connection_timeout: UInt32(clamping: configuration.connectionTimeoutSeconds),
            memory_limit: configuration.connectionMemoryLimit,
            access_handler: unsafeBitCast(Callbacks.access, to: UnsafeMutableRawPointer.self), access_cls: cls,
            completed: unsafeBitCast(Callbacks.completed, to: UnsafeMutableRawPointer.self), completed_cls: cls,
            uri_log: unsafeBitCast(Callbacks.uriLog, to: UnsafeMutableRawPointer.self), uri_log_cls: cls,
            notify_connection: unsafeBitCast(Callbacks.notifyConnection, to: UnsafeMutableRawPointer.self),
            notify_connection_cls: cls)
        guard let started = accountlink_mhd_start(&options) else {
            retained.release()
            acceptor.discard()
            throw .daemonStartFailed
        }
        pointer = started
        retainedCore = retained
        boundPort = listen.port
        self.acceptor = Mutex(acceptor)
        acceptor.start(started)
    }

    /// Stops accepting: the listening socket is closed, so new clients are refused while open
    /// connections are still served.
    func quiesce() {
        acceptor.withLock { $0.take() }?.stop()
    }

    /// Closes every connection and joins the daemon's threads; idempotent.
    func stop() {
        guard let running = pointer else { return }
        pointer = nil
        quiesce()
        MHD_stop_daemon(running)
        retainedCore.release()
    }

    deinit { stop() }
}
