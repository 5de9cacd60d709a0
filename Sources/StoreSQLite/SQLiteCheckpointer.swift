import Dispatch
import Foundation
import OAuthCore

/// Copies the WAL back into the database file from a background queue on its own connection, every
/// `interval`, so that the fsyncs of a checkpoint happen beside the writer instead of inside the
/// commit that crossed the auto-checkpoint threshold while every other writer waits
/// (measured in docs/performance-history.md, First round). PASSIVE never blocks readers or the writer. The
/// writer keeps a larger auto-checkpoint threshold as a backstop, for processes without a running checkpointer.
final class SQLiteCheckpointer: @unchecked Sendable {
    // @unchecked: the timer is set once in init and only cancelled (thread-safe) in deinit.
    private let timer: any DispatchSourceTimer

    init(path: String, interval: Duration = .milliseconds(100)) throws {
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 0)
        let box = ConnectionBox(connection)
        let queue = DispatchQueue(label: "accountlink.sqlite.checkpoint", qos: .utility)
        let milliseconds = Int(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds),
                       leeway: .milliseconds(milliseconds / 4))
        // Busy or locked by another process: try again next time; nothing here is worth failing for.
        timer.setEventHandler { try? box.connection.script("PRAGMA wal_checkpoint(PASSIVE)") }
        timer.resume()
    }

    deinit { timer.cancel() }
}

/// The checkpointer's connection, used only on its serial queue.
private final class ConnectionBox: @unchecked Sendable {
    let connection: SQLiteConnection
    init(_ connection: SQLiteConnection) { self.connection = connection }
}
