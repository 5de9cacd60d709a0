import Foundation
import Dispatch
import Glibc
import HTTPServer
import Support

/// Runs blocking socket work on a thread of its own: neither the cooperative pool nor Dispatch's
/// worker threads (on Linux they share a width of one per core) may starve the server's handler
/// tasks behind a test that waits in `recv` or `sleep`.
func offload<T: Sendable>(_ body: @Sendable @escaping () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}

struct RawError: Error, CustomStringConvertible {
    let description: String
}

struct RawResponse: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A minimal blocking HTTP/1.1 client over one TCP connection, with a receive timeout.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// `source`: the loopback address to connect from (any of 127.0.0.0/8 works on Linux).
    init(port: Int, timeoutSeconds: Int = 10, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawError(description: "socket") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw RawError(description: "bind \(source): errno \(errno)")
            }
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw RawError(description: "connect: errno \(errno)")
        }
    }

    deinit { close(fd) }

    func setReceiveTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends everything; returns false when the peer closed or reset.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // A socket with SO_SNDTIMEO is not restarted after a signal (signal(7)): EINTR is no failure.
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads more bytes; false on end of file, reset or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var count = 0
        repeat {
            count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR  // SO_RCVTIMEO: not restarted after a signal (signal(7))
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// True when the server has closed the connection (EOF or reset), within the timeout.
    func waitForClose() -> Bool {
        while true {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Is the connection closed right now (non-blocking check)?
    func isClosedNow() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        if count == 0 { return true }
        return count < 0 && errno != EAGAIN && errno != EWOULDBLOCK
    }

    func readResponse(head: Bool = false) throws -> RawResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        var end: Int?
        while end == nil {
            end = Self.find(separator, in: buffer)
            if end == nil && !fill() { throw RawError(description: "connection closed before headers") }
        }
        let headText = String(decoding: buffer[0..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw RawError(description: "bad status line") }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let length = head ? 0 : Int(headers["Content-Length"] ?? "0") ?? 0
        while buffer.count < length {
            if !fill() { throw RawError(description: "connection closed in body") }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    func request(_ text: String, head: Bool = false) throws -> RawResponse {
        guard send(text) else { throw RawError(description: "send failed: errno \(errno)") }
        return try readResponse(head: head)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }
}

/// Starts a server on an ephemeral loopback port for one test, and always stops it.
func withServer<T>(
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    logger: Logger = .silent,
    responder: any HTTPResponder,
    _ body: (HTTPServer) async throws -> T
) async throws -> T {
    var configuration = HTTPServer.Configuration(port: 0, threadCount: 2)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
    try server.start()
    do {
        let result = try await body(server)
        try await offload { server.shutdown() }
        return result
    } catch {
        try await offload { server.shutdown() }
        throw error
    }
}

func get(_ path: String, _ extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\r\n"
}
