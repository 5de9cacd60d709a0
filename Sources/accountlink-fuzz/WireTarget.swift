import Foundation
import Glibc
import HTTPServer
import Support

/// The HTTP server itself, libmicrohttpd and our callbacks: each input is sent as raw bytes on a
/// fresh loopback connection to one in-process server, then the write side is closed and the
/// answer read until the server closes or 100 ms pass without a byte (libmicrohttpd keeps waiting
/// for the rest of an incomplete request even after end-of-file); the socket is then reset
/// (SO_LINGER 0), so the server drops its side at once.
final class WireTarget: @unchecked Sendable {
    static let shared = WireTarget()
    let server: HTTPServer

    private init() {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadCount: 2,
                                                     maxBodyBytes: 64 * 1024, connectionTimeoutSeconds: 2)
        configuration.shutdownGracePeriodSeconds = 1
        let responder = ClosureResponder { request in
            _ = (request.form?.duplicatedNames, request.cookies, request.mediaType, request.query.duplicatedNames)
            return .text(200, "ok " + String(request.body.count))
        }
        server = HTTPServer(configuration: configuration, responder: responder, logger: .silent)
        do { try server.start() } catch { fatalError("fuzz server: \(error)") }
    }

    func run(_ data: [UInt8]) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        var reset = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.boundPort).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return }
        _ = data.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(fd, Int32(SHUT_WR))
        var buffer = [UInt8](repeating: 0, count: 16384)
        while buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
    }
}
