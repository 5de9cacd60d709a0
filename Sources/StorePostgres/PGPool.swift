import Foundation
import OAuthCore

/// A fixed-size pool of connections, opened on demand. A caller holds a connection exclusively for
/// one call or one transaction; when none is free within `waitSeconds` it gets `.unavailable`.
/// A thread that already holds one and asks for another (a store call made inside a transaction on
/// the store rather than on its view) may open up to `size` more, closed again when returned: with
/// as many request threads as connections (StoreThreads) it could otherwise wait for itself.
final class PGPool: @unchecked Sendable {
    // @unchecked: `idle`, `opened` and `holders` are only touched while `condition` is locked.
    private let conninfo: String
    private let size: Int
    private let waitSeconds: TimeInterval
    private let condition = NSCondition()
    private var idle: [PGConnection] = []
    private var opened = 0
    /// Connections checked out, by the thread holding them.
    private var holders: [pthread_t: Int] = [:]
    /// Round trips made by this pool's connections.
    let statistics = PGStatistics()

    init(conninfo: String, size: Int, waitSeconds: TimeInterval = 10) throws {
        self.conninfo = conninfo
        self.size = max(1, size)
        self.waitSeconds = waitSeconds
        idle = [try PGConnection(conninfo: conninfo, statistics: statistics)]
        opened = 1
    }

    /// A connection of its own for a caller that keeps it (PGReader), outside the pool's count; its round
    /// trips are counted with the pool's.
    func openDedicated() throws -> PGConnection {
        try PGConnection(conninfo: conninfo, statistics: statistics)
    }

    func with<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        guard connection.isHealthy || connection.reset() else {
            throw StoreError.unavailable("postgres connection lost and could not be re-established")
        }
        connection.rollBackLeftover()
        return try body(connection)
    }

    /// Opened and idle connections now, and the pool's size (for the server's gauges).
    var usage: PoolStatistics {
        condition.lock()
        defer { condition.unlock() }
        return PoolStatistics(open: opened, idle: idle.count, size: size)
    }

    private func checkOut() throws -> PGConnection {
        condition.lock()
        let deadline = Date().addingTimeInterval(waitSeconds)
        let thread = pthread_self()
        let limit = holders[thread] == nil ? size : 2 * size
        while idle.isEmpty && opened >= limit {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw StoreError.unavailable("all \(size) postgres connections busy")
            }
        }
        holders[thread, default: 0] += 1
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        opened += 1
        condition.unlock()
        do { return try PGConnection(conninfo: conninfo, statistics: statistics) } catch {
            condition.lock()
            opened -= 1
            release(thread)
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: PGConnection) {
        condition.lock()
        release(pthread_self())
        if opened > size { opened -= 1 } else { idle.append(connection) }
        condition.signal()
        condition.unlock()
    }

    private func release(_ thread: pthread_t) {
        let held = (holders[thread] ?? 1) - 1
        holders[thread] = held > 0 ? held : nil
    }
}

public struct PoolStatistics: Sendable, Equatable {
    public let open: Int
    public let idle: Int
    public let size: Int
}
