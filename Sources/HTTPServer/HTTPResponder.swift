/// Anything that turns a request into a response (docs/architecture.md rule 1).
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async -> HTTPResponse

    /// The executor `request`'s task should start on (SE-0417), or nil for Swift's global pool.
    /// A responder that blocks on a database (StoreThreadsResponder) names that database's threads, so
    /// the request runs there from its first instruction instead of hopping over from the pool.
    func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)?
}

extension HTTPResponder {
    public func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)? { nil }
}

/// Wraps a responder: may answer itself or call `next` and change what it returns.
public protocol HTTPMiddleware: Sendable {
    func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse
}

/// A responder made from a closure.
public struct ClosureResponder: HTTPResponder {
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse

    public init(_ handler: @Sendable @escaping (HTTPRequest) async -> HTTPResponse) { self.handler = handler }

    public func respond(to request: HTTPRequest) async -> HTTPResponse { await handler(request) }
}

/// Middleware around a responder; the first middleware in the list is the outermost.
public struct MiddlewareChain: HTTPResponder {
    private let head: any HTTPResponder

    public init(_ middleware: [any HTTPMiddleware], responder: any HTTPResponder) {
        var current = responder
        for item in middleware.reversed() { current = Link(middleware: item, next: current) }
        head = current
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse { await head.respond(to: request) }

    private struct Link: HTTPResponder {
        let middleware: any HTTPMiddleware
        let next: any HTTPResponder
        func respond(to request: HTTPRequest) async -> HTTPResponse {
            await middleware.respond(to: request, next: next)
        }
    }
}

extension HTTPResponder {
    /// `router.wrapped(in: [a, b])` answers through a, then b, then the router.
    public func wrapped(in middleware: [any HTTPMiddleware]) -> MiddlewareChain {
        MiddlewareChain(middleware, responder: self)
    }
}
