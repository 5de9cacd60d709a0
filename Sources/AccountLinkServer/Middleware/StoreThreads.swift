import HTTPServer
import OAuthCore

/// docs/performance.md, PostgreSQL: the storage protocols are synchronous, so a handler that calls
/// PostgreSQL waits for the server inside the call. Each request therefore runs with the store's own threads
/// preferred (SE-0417 executor preference; Support/StoreThreads.swift): a request waiting on the database holds
/// one of those, never a thread of Swift's cooperative pool. The token path's requests, whose every store
/// call suspends instead of blocking (`readLiveToken`, `readClient`, the refresh's `insertAccessToken`), start
/// on the store's request loop instead (StorePostgres/PGReader.swift): no thread hop per read. What a
/// request there does that holds a thread goes to the store's threads inside it (`OAuthEnvironment.blocking`).
/// A store without threads of its own (SQLite answers from memory or its page cache) keeps the cooperative
/// pool. Both executors come from the store's `StoreRuntime`, passed by the composition root.
struct StoreThreadsResponder: HTTPResponder {
    let executor: any TaskExecutor
    let loop: (any TaskExecutor)?
    let next: any HTTPResponder

    /// The HTTP server starts each request's task here (ServerCore.dispatch), and the task keeps it as its
    /// preference to the end: this responder is the outermost one handed to the server (`wrap`), so the
    /// choice is made once per request, by its method and path alone.
    func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)? {
        if let loop, Self.runsOnReader(request) { return loop }
        return executor
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse { await next.respond(to: request) }

    /// UserInfo, introspection and `/healthz` (reads only) and `/token`: each answered with suspending store
    /// calls only (`readLiveToken`, `readClient`, `readPing`, the refresh's `insertAccessToken`;
    /// OAuthCoreTests/LoopRequestsTests checks them), so they never block the loop. At `/token` every grant
    /// but a refresh without rotation runs on the store's threads from its start (TokenEndpoint,
    /// `TokenGrant.suspendsOnly`), and what a refresh may do that holds a thread goes there too: rotation's
    /// transaction, an ID token's signature (on one thread RS256 refreshes would share one core). The body
    /// is never read here.
    static func runsOnReader(_ request: HTTPRequest) -> Bool {
        switch (request.method, request.path) {
        case ("GET", "/userinfo"), ("POST", "/userinfo"), ("POST", "/introspect"), ("GET", "/healthz"),
            ("POST", "/token"): true
        default: false
        }
    }

    /// `responder` run on the store's threads when it has them, else itself.
    static func wrap(_ responder: any HTTPResponder, runtime: any StoreRuntime) -> any HTTPResponder {
        guard let executor = runtime.blockingExecutor else { return responder }
        return StoreThreadsResponder(executor: executor, loop: runtime.requestLoop, next: responder)
    }
}
