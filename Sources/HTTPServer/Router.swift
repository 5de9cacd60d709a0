/// Routes by exact method and path. Unknown path → 404; known path, other method → 405 with
/// `Allow` (RFC 9110 §15.5.6); HEAD is answered by the GET handler (RFC 9110 §9.3.2; the server
/// sends no body for HEAD).
public struct Router: HTTPResponder {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    private var routes: [String: [String: Handler]] = [:]
    /// Answers a path no route has (default: a plain-text 404).
    public var notFound: Handler?

    public init() {}

    /// Every path a route is registered for.
    public var paths: Set<String> { Set(routes.keys) }

    /// Registers `handler` for `method` (upper case, e.g. "POST") on the exact `path`.
    public mutating func add(_ method: String, _ path: String, _ handler: @Sendable @escaping (HTTPRequest) async -> HTTPResponse) {
        routes[path, default: [:]][method.uppercased()] = handler
    }

    public mutating func get(_ path: String, _ handler: @Sendable @escaping (HTTPRequest) async -> HTTPResponse) {
        add("GET", path, handler)
    }

    public mutating func post(_ path: String, _ handler: @Sendable @escaping (HTTPRequest) async -> HTTPResponse) {
        add("POST", path, handler)
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        guard let methods = routes[request.path] else {
            if let notFound { return await notFound(request) }
            return .text(404, "Not Found")
        }
        if let handler = methods[request.method] ?? (request.method == "HEAD" ? methods["GET"] : nil) {
            return await handler(request)
        }
        var response = HTTPResponse.text(405, "Method Not Allowed")
        response.headers.add("Allow", Self.allowed(methods.keys).joined(separator: ", "))
        return response
    }

    static func allowed(_ methods: Dictionary<String, Handler>.Keys) -> [String] {
        var names = Set(methods)
        if names.contains("GET") { names.insert("HEAD") }
        return names.sorted()
    }
}
