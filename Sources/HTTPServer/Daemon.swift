import CMicroHTTPD
import CShims
import Glibc

/// Owns the running `MHD_Daemon` and the retained `ServerCore` its callbacks point to.
/// libmicrohttpd allows quiesce and stop from any thread.
final class Daemon: @unchecked Sendable {
    private var pointer: OpaquePointer?
    private let retainedCore: Unmanaged<ServerCore>
    private var listenDescriptor: Int32

    init(core: ServerCore, listen: ListenSocket.Bound, configuration: HTTPServer.Configuration) throws(HTTPServerError) {
        let retained = Unmanaged.passRetained(core)  // released in stop(), after the daemon is gone
        let cls = retained.toOpaque()
        var options = accountlink_mhd_options(
            listen_fd: listen.descriptor, use_ipv6: listen.isIPv6 ? 1 : 0,
            thread_pool_size: UInt32(clamping: configuration.threadCount),
            connection_limit: UInt32(clamping: configuration.maxConnections),
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
            close(listen.descriptor)
            throw .daemonStartFailed
        }
        pointer = started
        retainedCore = retained
        listenDescriptor = listen.descriptor
    }

    var boundPort: Int { pointer.map { Int(accountlink_mhd_bound_port($0)) } ?? 0 }

    /// Stops accepting: the listening socket is taken back from the daemon and closed, so new
    /// clients are refused while open connections are still served.
    func quiesce() {
        guard let pointer, listenDescriptor >= 0 else { return }
        let returned = MHD_quiesce_daemon(pointer)
        if returned >= 0 { close(returned) }
        listenDescriptor = -1
    }

    /// Closes every connection and joins the daemon's threads; idempotent.
    func stop() {
        guard let running = pointer else { return }
        pointer = nil
        MHD_stop_daemon(running)  // closes the listening socket unless quiesce took it back
        retainedCore.release()
    }

    deinit { stop() }
}
