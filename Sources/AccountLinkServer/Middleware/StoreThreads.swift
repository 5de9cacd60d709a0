import HTTPServer
import OAuthCore
import StorePostgres

/// Issue 16: the storage protocols are synchronous, so a handler that calls PostgreSQL waits for the
/// server inside the call. Each request therefore runs with the store's own threads preferred
/// (`withTaskExecutorPreference`, SE-0417; Support/StoreThreads.swift): a request waiting on the database holds
/// one of those, never a thread of Swift's cooperative pool. SQLite answers from memory or its page
/// cache and keeps the cooperative pool.
struct StoreThreadsResponder: HTTPResponder {
    let executor: any TaskExecutor
    let next: any HTTPResponder

    /// The HTTP server starts each request's task here (ServerCore.dispatch).
    var preferredExecutor: (any TaskExecutor)? { executor }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        await withTaskExecutorPreference(executor) { await next.respond(to: request) }
    }

    /// `responder` run on the store's threads when it has them, else itself.
    static func wrap(_ responder: any HTTPResponder, storage: any Storage) -> any HTTPResponder {
        guard let executor = storeExecutor(storage) else { return responder }
        return StoreThreadsResponder(executor: executor, next: responder)
    }
}

/// The threads that may block on `storage`'s database, when it has its own (PostgreSQL).
func storeExecutor(_ storage: any Storage) -> (any TaskExecutor)? {
    (storage as? PostgresStorage)?.executor
}
