import Foundation
import OAuthCore

/// A fixed-size pool of connections, opened on demand. A caller holds a connection exclusively for
/// one call or one transaction; when none is free within `waitSeconds` it gets `.unavailable`.
final class PGPool: @unchecked Sendable {
    // @unchecked: `idle` and `opened` are only touched while `condition` is locked.
    private let conninfo: String
    private let size: Int
    private let waitSeconds: TimeInterval
    private let condition = NSCondition()
    private var idle: [PGConnection] = []
    private var opened = 0
    /// Round trips made by this pool's connections.
    let statistics = PGStatistics()

    init(conninfo: String, size: Int, waitSeconds: TimeInterval = 10) throws {
        self.conninfo = conninfo
        self.size = max(1, size)
        self.waitSeconds = waitSeconds
        idle = [try PGConnection(conninfo: conninfo, statistics: statistics)]
        opened = 1
    }

    func with<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        guard connection.isHealthy || connection.reset() else {
            throw StoreError.unavailable("postgres connection lost and could not be re-established")
        }
        // A transaction whose ROLLBACK failed must not leak into the next caller.
        if !connection.isIdle { connection.rollback() }
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
        while idle.isEmpty && opened >= size {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw StoreError.unavailable("all \(size) postgres connections busy")
            }
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        opened += 1
        condition.unlock()
        do { return try PGConnection(conninfo: conninfo, statistics: statistics) } catch {
            condition.lock()
            opened -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: PGConnection) {
        condition.lock()
        idle.append(connection)
        condition.signal()
        condition.unlock()
    }
}

public struct PoolStatistics: Sendable, Equatable {
    public let open: Int
    public let idle: Int
    public let size: Int
}
