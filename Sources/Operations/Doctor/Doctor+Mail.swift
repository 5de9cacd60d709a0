import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Doctor {
    /// Mail leaves the outbox only through ACCOUNTLINK_SMTP_URL (README "Email"); without a reachable
    /// SMTP server verification and reset mails wait in `accountlink mail list` forever.
    func mailFinding() -> Finding {
        guard let raw = runtime.configuration.accountMail.smtpURL else {
            return Self.fail("smtp", "no ACCOUNTLINK_SMTP_URL: sign-up and reset mails never leave the outbox",
                             "set ACCOUNTLINK_SMTP_URL to smtp://[user:pass@]host:port or smtps://host:port")
        }
        guard let url = URL(string: raw), let host = url.host, let scheme = url.scheme else {
            return Self.fail("smtp", "ACCOUNTLINK_SMTP_URL is not a URL", "set smtp://host:port or smtps://host:port")
        }
        let port = url.port ?? (scheme == "smtps" ? 465 : 25)
        return Self.canConnect(host: host, port: port, timeout: min(timeout, 5))
            ? Self.pass("smtp", "the SMTP server \(host):\(port) accepts connections")
            : Self.fail("smtp", "the SMTP server \(host):\(port) does not accept connections",
                        "start the SMTP server or correct host and port in ACCOUNTLINK_SMTP_URL; " +
                        "check a firewall lets this machine reach it")
    }

    /// A TCP connect to any address of `host` within `timeout` seconds; the connection is closed at once.
    static func canConnect(host: String, port: Int, timeout: TimeInterval) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0 else { return false }
        defer { freeaddrinfo(list) }
        var entry = list
        while let info = entry {
            if connect(info.pointee, timeout: timeout) { return true }
            entry = info.pointee.ai_next
        }
        return false
    }

    private static func connect(_ info: addrinfo, timeout: TimeInterval) -> Bool {
        let socket = Glibc.socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        if Glibc.connect(socket, info.ai_addr, info.ai_addrlen) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else { return false }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return false }
        return failure == 0
    }
}
