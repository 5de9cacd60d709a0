import HTTPServer
import OAuthCore
import StorePostgres

/// Issue 16: the storage protocols are synchronous, so a handler that calls PostgreSQL waits for the
/// server inside the call. Each request therefore runs with the store's own threads preferred
/// (`withTaskExecutorPreference`, SE-0417; Support/StoreThreads.swift): a request waiting on the database holds
/// one of those, never a thread of Swift's cooperative pool. The token path's requests, whose every store
/// call suspends instead of blocking (`readLiveToken`, `readClient`, the group commit's insert), run on
/// the store's reader instead (`loop`, StorePostgres/PGReader.swift): no thread hop per read. SQLite
/// answers from memory or its page cache and keeps the cooperative pool.
struct StoreThreadsResponder: HTTPResponder {
    let executor: any TaskExecutor
    let loop: (any TaskExecutor)?
    let next: any HTTPResponder

    /// The HTTP server starts each request's task here (ServerCore.dispatch).
    func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)? {
        if let loop, Self.runsOnReader(request) { return loop }
        return executor
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        await withTaskExecutorPreference(preferredExecutor(for: request)) { await next.respond(to: request) }
    }

    /// UserInfo, introspection and `/healthz`: reads only, each answered with suspending store calls
    /// only (`readLiveToken`, `readClient`, `readPing`; OAuthCoreTests/LoopRequestsTests checks the first
    /// two), so they never block the loop. A refresh stays on the
    /// store's threads: with rotation it runs a transaction, and with `openid` it signs an ID token, which
    /// on one thread would cap every refresh at one core (docs/performance.md, fifth round).
    static func runsOnReader(_ request: HTTPRequest) -> Bool {
        switch (request.method, request.path) {
        case ("GET", "/userinfo"), ("POST", "/userinfo"), ("POST", "/introspect"), ("GET", "/healthz"): true
        default: false
        }
    }

    /// `responder` run on the store's threads when it has them, else itself.
    static func wrap(_ responder: any HTTPResponder, storage: any Storage) -> any HTTPResponder {
        guard let executor = storeExecutor(storage) else { return responder }
        return StoreThreadsResponder(executor: executor, loop: (storage as? PostgresStorage)?.requestLoop, next: responder)
    }
}

/// The threads that may block on `storage`'s database, when it has its own (PostgreSQL).
func storeExecutor(_ storage: any Storage) -> (any TaskExecutor)? {
    (storage as? PostgresStorage)?.executor
}
