import CMicroHTTPD
import CShims
import Glibc
import Support
import Synchronization

/// What the libmicrohttpd callbacks reach through their `cls` pointer: the responder, limits,
/// logging, and the bookkeeping that graceful shutdown and the slow-client watchdog need.
final class ServerCore: Sendable {
    let responder: any HTTPResponder
    let logger: Logger
    let maxBodyBytes: Int
    let requestIDs = RequestIDGenerator()
    let connections = ConnectionRegistry()
    /// The cap on open connections, taken by the `Acceptor` and given back in the connection-closed callback.
    let slots: ConnectionSlots
    /// Requests between the URI-log and request-completed callbacks.
    let activeRequests = Atomic<Int>(0)
    /// Set once shutdown begins: responses then carry `Connection: close`.
    let draining = Atomic<Bool>(false)
    /// Connections suspended while their handler runs; a connection is resumed only while it is
    /// listed here, so a handler that outlives a forced stop never touches a freed connection.
    private let suspended = Mutex<[ObjectIdentifier: (RequestContext, ConnectionHandle)]>([:])
    private let resumeGate = ResumeGate()

    let trustedProxies: Set<String>

    init(responder: any HTTPResponder, logger: Logger, maxBodyBytes: Int, maxConnections: Int,
         trustedProxies: Set<String> = []) {
        self.responder = responder
        slots = ConnectionSlots(limit: maxConnections)
        self.logger = logger
        self.maxBodyBytes = maxBodyBytes
        self.trustedProxies = trustedProxies
    }

    // MARK: the access handler as a state machine (docs/architecture.md rule 12)

    func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
                uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result
    {
        let request = context(in: slot, connection: connection, url: url)
        switch request.phase {
        case .awaitingHeaders:
            return headersArrived(request, connection, url: url, method: method)
        case .receivingBody where uploadSize.pointee > 0:
            return bodyChunk(request, connection, data: uploadData, size: uploadSize)
        case .receivingBody:
            dispatch(request, connection)
            return .YES
        case .handling:
            // Resumed (docs/architecture.md platform note 6): answer now, on a later call than the first
            // (note 4).
            guard let response = request.takeResponse() else { return .YES }
            request.phase = .answered
            return send(response, for: request, on: connection)
        case .answered:
            uploadSize.pointee = 0
            return .YES
        }
    }

    private func context(in slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, connection: OpaquePointer,
                         url: UnsafePointer<CChar>?) -> RequestContext
    {
        if let existing = slot.pointee { return Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue() }
        // The URI-log callback normally made it; this is only a fallback.
        let created = makeContext(rawURI: url.map { String(cString: $0) } ?? "/", connection: connection)
        slot.pointee = Unmanaged.passRetained(created).toOpaque()  // released in requestCompleted
        return created
    }

    func makeContext(rawURI: String, connection: OpaquePointer) -> RequestContext {
        activeRequests.add(1, ordering: .relaxed)
        let owner = accountlink_mhd_socket_context(connection).map {
            Unmanaged<ConnectionContext>.fromOpaque($0).takeUnretainedValue()
        }
        return RequestContext(rawURI: rawURI, connection: owner, now: monotonicNanoseconds())
    }

    /// First call: headers are complete. Answer nothing yet (the keep-alive trap,
    /// docs/architecture.md platform note 4)
    /// unless the announced body is already too large (RFC 9110 §15.5.14).
    private func headersArrived(_ request: RequestContext, _ connection: OpaquePointer,
                                url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?) -> MHD_Result
    {
        request.phase = .receivingBody
        request.method = method.map { String(cString: $0) } ?? "GET"
        request.path = url.map { String(cString: $0) } ?? "/"
        let incoming = MHD_lookup_connection_value(connection, .HEADER_KIND, "X-Request-Id").map { String(cString: $0) }
        request.requestID = incoming.flatMap { RequestIDGenerator.isAcceptable($0) ? $0 : nil } ?? requestIDs.next()
        if let problem = RequestFraming.problem(target: request.rawURI, targetWasCut: request.targetWasCut,
                                                connection: connection)
        {
            return rejectAndClose(request, connection, status: 400, problem)
        }
        if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
            let bytes = UInt64(String(cString: length))
        {
            guard bytes <= UInt64(maxBodyBytes) else { return rejectTooLarge(request, connection) }
            request.body.reserveCapacity(Int(bytes))
        }
        return .YES
    }

    private func bodyChunk(_ request: RequestContext, _ connection: OpaquePointer, data: UnsafePointer<CChar>?,
                           size: UnsafeMutablePointer<Int>) -> MHD_Result
    {
        guard request.body.count + size.pointee <= maxBodyBytes else {
            // A chunked body that grew past the limit: stop reading it.
            return rejectTooLarge(request, connection)
        }
        if let data { request.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size.pointee)) }
        size.pointee = 0
        return .YES
    }

    /// 413 before the body is read; libmicrohttpd then closes the connection. Mid-body, when the
    /// daemon no longer accepts a response, the connection is simply closed.
    private func rejectTooLarge(_ request: RequestContext, _ connection: OpaquePointer) -> MHD_Result {
        rejectAndClose(request, connection, status: 413, "Content Too Large")
    }

    /// Answers at once with `Connection: close`, so libmicrohttpd closes the connection after it.
    func rejectAndClose(_ request: RequestContext, _ connection: OpaquePointer, status: Int, _ text: String) -> MHD_Result {
        request.phase = .answered
        request.body = []
        var response = HTTPResponse.text(status, text)
        response.headers.add("Connection", "close")
        return send(response, for: request, on: connection)
    }

    /// The whole request is here: suspend the connection and run the responder in a task.
    private func dispatch(_ request: RequestContext, _ connection: OpaquePointer) {
        request.phase = .handling
        request.connection?.receivingSince.store(0, ordering: .relaxed)
        let value = makeRequest(request, connection)
        let handle = ConnectionHandle(pointer: connection)
        MHD_suspend_connection(connection)
        suspended.withLock { $0[ObjectIdentifier(request)] = (request, handle) }
        let responder = self.responder
        // Started on the responder's executor when it names one: no hop from the global pool.
        Task.detached(executorPreference: responder.preferredExecutor(for: value)) { [self] in
            let scope = RequestScope(clientIP: value.clientIP, requestID: value.requestID,
                                     userAgent: value.headers["User-Agent"])
            let response = await RequestScope.$current.withValue(scope) { await responder.respond(to: value) }
            request.store(response)
            resume(request)
        }
    }

    /// The table's lock is held only to take the entry; the resume itself runs under the gate's
    /// shared side, so responses do not queue behind one another.
    private func resume(_ request: RequestContext) {
        resumeGate.shared {
            guard let (_, handle) = suspended.withLock({ $0.removeValue(forKey: ObjectIdentifier(request)) }) else {
                return
            }
            MHD_resume_connection(handle.pointer)
        }
    }

    /// Answers 503 for every handler still running, so the daemon can stop without suspended connections.
    @discardableResult
    func resumeAllWithServiceUnavailable() -> Int {
        resumeGate.exclusive {
            let left = suspended.withLock { table in
                defer { table.removeAll() }
                return Array(table.values)
            }
            for (request, handle) in left {
                request.store(.text(503, "Service Unavailable"))
                MHD_resume_connection(handle.pointer)
            }
            return left.count
        }
    }

    private func makeRequest(_ request: RequestContext, _ connection: OpaquePointer) -> HTTPRequest {
        request.collectedHeaders = HTTPHeaders()
        let box = Unmanaged.passUnretained(request).toOpaque()
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let target = Unmanaged<RequestContext>.fromOpaque(cls).takeUnretainedValue()
            target.collectedHeaders.add(String(cString: key), value.map { String(cString: $0) } ?? "")
            return .YES
        }, box)
        let peer = request.connection?.remoteAddress ?? ""
        request.clientIP = ClientAddress.resolve(
            peer: peer, forwardedFor: request.collectedHeaders.values("X-Forwarded-For"), trusted: trustedProxies)
        var made = HTTPRequest(method: request.method, path: request.path, rawQuery: request.rawQuery,
                               headers: request.collectedHeaders, body: request.body,
                               remoteAddress: peer, requestID: request.requestID)
        made.clientIP = request.clientIP
        return made
    }
}
