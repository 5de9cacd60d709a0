import HTTPServer
import OAuthCore
import StorePostgres

/// docs/performance.md, PostgreSQL: the storage protocols are synchronous, so a handler that calls
/// PostgreSQL waits for the server inside the call. Each request therefore runs with the store's own threads
/// preferred (SE-0417 executor preference; Support/StoreThreads.swift): a request waiting on the database holds
/// one of those, never a thread of Swift's cooperative pool. The token path's requests, whose every store
/// call suspends instead of blocking (`readLiveToken`, `readClient`, the group commit's insert), run on
/// the store's reader instead (`loop`, StorePostgres/PGReader.swift): no thread hop per read. SQLite
/// answers from memory or its page cache and keeps the cooperative pool.
struct StoreThreadsResponder: HTTPResponder {
    let executor: any TaskExecutor
    let loop: (any TaskExecutor)?
    let next: any HTTPResponder

    /// The HTTP server starts each request's task here (ServerCore.dispatch), and the task keeps it as its
    /// preference to the end: this responder is the outermost one handed to the server (`wrap`), so the
    /// choice is made once per request (for a refresh it scans the body).
    func preferredExecutor(for request: HTTPRequest) -> (any TaskExecutor)? {
        if let loop, Self.runsOnReader(request) { return loop }
        return executor
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse { await next.respond(to: request) }

    /// UserInfo, introspection and `/healthz` (reads only) and a refresh: each answered with suspending
    /// store calls only (`readLiveToken`, `readClient`, `readPing`, the group commit's insert;
    /// OAuthCoreTests/LoopRequestsTests checks them), so they never block the loop. What a refresh may do
    /// that holds a thread goes to the store's threads inside it (`OAuthEnvironment.blocking`): rotation's
    /// transaction, an ID token's signature (on one thread RS256 refreshes would share one core). Every
    /// other grant at `/token` runs transactions and stays on the store's threads.
    static func runsOnReader(_ request: HTTPRequest) -> Bool {
        switch (request.method, request.path) {
        case ("GET", "/userinfo"), ("POST", "/userinfo"), ("POST", "/introspect"), ("GET", "/healthz"): true
        case ("POST", "/token"): Self.asksForRefresh(request.body)
        default: false
        }
    }

    private static let refreshField = Array("grant_type=refresh_token".utf8)

    /// A form body with the field `grant_type=refresh_token` as a refresh sends it. Only which thread the
    /// request starts on depends on this, never its answer (the endpoint parses the form itself): a
    /// percent-encoded spelling, or a repeated `grant_type` refused later, just starts elsewhere.
    static func asksForRefresh(_ body: [UInt8]) -> Bool {
        var start = body.startIndex
        while start <= body.endIndex {  // field by field, without copying the body
            let end = body[start...].firstIndex(of: UInt8(ascii: "&")) ?? body.endIndex
            if body[start..<end].elementsEqual(refreshField) { return true }
            start = end + 1
        }
        return false
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
