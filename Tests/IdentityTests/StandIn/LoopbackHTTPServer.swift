import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately tiny HTTP/1.1 server on 127.0.0.1 for the Apple stand-in: one connection at a
/// time on a background thread, `Connection: close` on every answer. Test code only.
final class LoopbackHTTPServer: Sendable {
    struct Request: Sendable {
        let method: String
        let path: String
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Response: Sendable {
        var status: Int
        var contentType = "application/json"
        var headers: [String: String] = [:]
        var body: [UInt8]

        static func json(_ status: Int, _ text: String) -> Response { Response(status: status, body: Array(text.utf8)) }
    }

    struct Failure: Error { let what: String }

    let port: UInt16
    private let listener: Int32

    /// - Parameter port: 0 for any free port; a given port lets a stopped stand-in come back at the same URL.
    init(port requested: UInt16 = 0, handler: @escaping @Sendable (Request) -> Response) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(what: "socket") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = requested.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw Failure(what: "bind/listen")
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                Self.serve(connection, handler)
                close(connection)
            }
        }
        thread.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Wakes the accept loop (Linux returns EINVAL from `accept` after `shutdown`) and closes the socket.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ connection: Int32, _ handler: (Request) -> Response) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(connection) else { return }
        let response = handler(request)
        var head = "HTTP/1.1 \(response.status) X\r\nContent-Type: \(response.contentType)\r\n"
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + response.body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    private static func read(_ connection: Int32) -> Request? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var headerEnd: Int?
        var expected = 0
        while headerEnd == nil || data.count < headerEnd! + expected {
            let n = recv(connection, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            data += chunk[0..<n]
            if headerEnd == nil, let end = find(data, Array("\r\n\r\n".utf8)) {
                headerEnd = end + 4
                let head = String(decoding: data[0..<end], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    expected = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        let head = String(decoding: data[0..<headerEnd!], as: UTF8.self)
        let parts = head.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2 else { return nil }
        return Request(method: String(parts[0]), path: String(parts[1]),
                       body: Array(data[headerEnd!..<(headerEnd! + expected)]))
    }

    private static func find(_ data: [UInt8], _ needle: [UInt8]) -> Int? {
        guard data.count >= needle.count else { return nil }
        for i in 0...(data.count - needle.count) where Array(data[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
