import CMicroHTTPD

/// Requests whose framing or target cannot be trusted; each is answered 400 and the connection
/// closed, because what follows on it could be read as another request (request smuggling).
enum RequestFraming {
    /// A reason to refuse, or nil.
    static func problem(target: String, targetWasCut: Bool, connection: OpaquePointer) -> String? {
        // RFC 9112 §6.1: Transfer-Encoding and Content-Length together MAY be served after removing
        // Content-Length, but the connection MUST be closed afterwards; we refuse the request outright.
        if MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil,
           MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") != nil
        {
            return "Bad Request: Content-Length with Transfer-Encoding"
        }
        if targetWasCut || !isValidTarget(target) { return "Bad Request: invalid request target" }
        return nil
    }

    /// RFC 9112 §3.2 and RFC 3986 §2: the request target never holds whitespace or a control byte.
    /// A percent-encoded NUL in the path is refused too: libmicrohttpd decodes the path into a C string,
    /// which would end there (`/metrics%00.png` would serve `/metrics`).
    static func isValidTarget(_ target: String) -> Bool {
        guard !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return false }
        // By bytes: as Characters, `%00` followed by a combining mark is not "%00" (`0` + U+0301 is one Character).
        let path = Array(target.utf8.prefix { $0 != UInt8(ascii: "?") })
        let encodedNUL = Array("%00".utf8)
        return !path.indices.contains { path[$0...].starts(with: encodedNUL) }
    }
}
