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
        if let loop, Self.onTokenPath(request) { return loop }
        return executor
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        await withTaskExecutorPreference(preferredExecutor(for: request)) { await next.respond(to: request) }
    }

    /// UserInfo, introspection, and a refresh: what a Bearer resource and Google's refreshes ask, and what
    /// OAuthCore answers with suspending store calls only. (A refresh of a client that rotates its refresh
    /// tokens runs a transaction, which blocks the loop for its round trips; see docs/performance.md.)
    static func onTokenPath(_ request: HTTPRequest) -> Bool {
        switch request.path {
        case "/userinfo": return true
        case "/introspect": return request.method == "POST"
        case "/token": return request.method == "POST" && request.form?["grant_type"] == "refresh_token"
        default: return false
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
