import CMicroHTTPD
import Support

extension ServerCore {
    /// Adds the default headers, hands the response to libmicrohttpd and writes the access-log line.
    func send(_ response: HTTPResponse, for request: RequestContext, on connection: OpaquePointer) -> MHD_Result {
        var headers = response.headers
        SecurityHeaders.apply(to: &headers)
        headers.replaceOrAdd("X-Request-Id", request.requestID)
        if draining.load(ordering: .relaxed) { headers.replaceOrAdd("Connection", "close") }
        let mhdResponse = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        for field in headers where !Self.isManagedByDaemon(field.name) {
            _ = MHD_add_response_header(mhdResponse, field.name, field.value)
        }
        let result = MHD_queue_response(connection, UInt32(clamping: response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        logAccess(request, status: response.status, route: response.route, queued: result == .YES)
        return result
    }

    /// libmicrohttpd writes these itself from the body it is given.
    static func isManagedByDaemon(_ name: String) -> Bool {
        HTTPHeaders.same(name, "Content-Length") || HTTPHeaders.same(name, "Transfer-Encoding")
    }

    /// One structured line per request: method, path (never the query: it may hold a code), status,
    /// duration and request id (docs/architecture.md rule 9).
    /// When the daemon refused the response (mid-body), the connection is closed instead and the
    /// line says so with `"closed": "true"`.
    func logAccess(_ request: RequestContext, status: Int, route: String? = nil, queued: Bool = true) {
        guard logger.minimumLevel <= .info else { return }
        let micros = (monotonicNanoseconds() &- request.startedAt) / 1000
        var fields = [
            "method": request.method,
            "path": request.path,
            "request.id": request.requestID,
            "event": "http_request",
            "client_ip": request.clientIP.isEmpty ? (request.connection?.remoteAddress ?? "") : request.clientIP,
        ]
        if let route { fields["route"] = route }
        if !queued { fields["closed"] = "true" }
        logger.info("request", fields, numbers: ["status": Double(status), "duration_ms": Double(micros) / 1000])
    }
}
