import CMicroHTTPD
import CShims
import Glibc

/// The C callbacks. Each reaches the `ServerCore` through `cls`, an unretained pointer that the
/// `Daemon` keeps alive (retained in `Daemon.init`, released in `Daemon.stop`).
enum Callbacks {
    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, slot in
        guard let cls, let connection, let size, let slot else { return .NO }
        return core(cls).handle(connection, url: url, method: method, uploadData: data, uploadSize: size, slot: slot)
    }

    /// Called when the request line is parsed; its result becomes `*con_cls`, retained here and
    /// released in `completed`.
    static let uriLog: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        cls, uri, connection in
        guard let cls, let connection else { return nil }
        let request = core(cls).makeContext(rawURI: uri.map { String(cString: $0) } ?? "/", connection: connection)
        request.targetWasCut = uri.map { accountlink_uri_was_cut($0) != 0 } ?? false
        return Unmanaged.passRetained(request).toOpaque()
    }

    static let completed: MHD_RequestCompletedCallback = { cls, _, slot, _ in
        guard let cls, let slot, let pointer = slot.pointee else { return }
        let request = Unmanaged<RequestContext>.fromOpaque(pointer).takeRetainedValue()
        slot.pointee = nil
        request.connection?.receivingSince.store(monotonicNanoseconds(), ordering: .relaxed)
        core(cls).activeRequests.subtract(1, ordering: .relaxed)
    }

    static let notifyConnection: MHD_NotifyConnectionCallback = { cls, connection, slot, code in
        guard let cls, let connection, let slot else { return }
        let registry = core(cls).connections
        switch code {
        case .CONNECTION_NOTIFY_STARTED:
            // Called on the worker thread that will serve the connection (libmicrohttpd 0.9.75).
            let state = ConnectionContext(descriptor: accountlink_mhd_connection_fd(connection),
                                          remoteAddress: clientAddress(connection), worker: UInt(pthread_self()),
                                          now: monotonicNanoseconds())
            slot.pointee = Unmanaged.passRetained(state).toOpaque()  // released below, on CLOSED
            registry.insert(state)
        case .CONNECTION_NOTIFY_CLOSED:
            guard let pointer = slot.pointee else { return }
            let state = Unmanaged<ConnectionContext>.fromOpaque(pointer).takeRetainedValue()
            slot.pointee = nil
            registry.remove(state)
            core(cls).slots.release()
        @unknown default:
            return
        }
    }

    private static func core(_ cls: UnsafeMutableRawPointer) -> ServerCore {
        Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    }

    private static func clientAddress(_ connection: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard accountlink_mhd_client_address(connection, &buffer, buffer.count) == 0 else { return "" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
