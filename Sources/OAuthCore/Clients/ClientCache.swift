import Foundation
import Synchronization

/// Clients as client authentication last read them, kept for at most `lifetime` (docs/performance.md, The
/// token path: every token, introspection and revocation request authenticates its client, and the store
/// lookup was about a fifth of an introspection). The presented secret is still hashed
/// and compared with the cached hash on every request. A change made through this process (the admin API) is seen
/// at once (`forget`); one made elsewhere (the CLI, another instance) within `lifetime`
/// (`ACCOUNTLINK_CLIENT_CACHE_SECONDS`, default 1; 0 turns the cache off). Unknown ids are never cached.
public final class ClientCache: Sendable {
    private struct Entry {
        var client: Client
        var expires: ContinuousClock.Instant
    }

    private struct Table {
        /// Keyed by the id's UTF-8 bytes: ids are protocol values, compared as bytes.
        var entries: [[UInt8]: Entry] = [:]
        /// Bumped by `forget`: a load that began before a forget does not store what it read.
        var generation = 0
    }

    private let table = Mutex(Table())
    private let lifetime: Duration
    /// A bound on memory whatever ids are presented: past it the cache starts over.
    static let capacity = 1024

    /// `seconds` ≤ 0: nothing is cached.
    public init(seconds: Double) {
        lifetime = .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
    }

    /// The cached client under `id` while fresh, else `load()`'s answer (cached when it is a client).
    func client(id: String, load: () async throws -> Client?) async rethrows -> Client? {
        guard lifetime > .zero else { return try await load() }
        let key = Array(id.utf8)
        let now = ContinuousClock.now
        let (hit, generation) = table.withLock { ($0.entries[key], $0.generation) }
        if let hit, hit.expires > now { return hit.client }
        guard let client = try await load() else { return nil }
        table.withLock { table in
            // A client forgotten while it was being read (deleted meanwhile) is not brought back.
            guard table.generation == generation else { return }
            if table.entries.count >= Self.capacity { table.entries.removeAll(keepingCapacity: true) }
            table.entries[key] = Entry(client: client, expires: now + lifetime)
        }
        return client
    }

    /// Drops `id` (a client changed or deleted here).
    public func forget(id: String) {
        let key = Array(id.utf8)
        table.withLock { table in
            table.entries.removeValue(forKey: key)
            table.generation += 1
        }
    }
}
