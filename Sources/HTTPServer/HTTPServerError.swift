import Glibc

/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    case invalidHost(String)
    case addressInUse(host: String, port: Int)
    case socket(operation: String, errno: Int32)
    case daemonStartFailed
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host): "not an IPv4 or IPv6 address: \(host)"
        case .addressInUse(let host, let port): "address already in use: \(host):\(port)"
        case .socket(let operation, let code): "\(operation) failed: \(String(cString: strerror(code)))"
        case .daemonStartFailed: "libmicrohttpd could not start the daemon"
        case .alreadyStarted: "the server was already started"
        }
    }
}
