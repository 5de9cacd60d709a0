import CShims
import Foundation
import Glibc
import Synchronization

/// Delivers SIGTERM/SIGINT (or any signal) to Swift closures on one ordinary thread, through a
/// self-pipe written by a C signal handler (CShims). Dispatch signal sources are not used: on
/// Linux they read a signalfd, which only sees a signal when every thread blocks it, and a
/// process that already runs threads (a test runner, libmicrohttpd) cannot arrange that.
final class SignalRelay: Sendable {
    static let shared = SignalRelay()

    private struct State {
        var writeDescriptor: Int32 = -1
        var installed: Set<Int32> = []
        var handlers: [ObjectIdentifier: (signals: Set<Int32>, action: @Sendable (Int32) -> Void)] = [:]
    }

    private let state = Mutex(State())

    /// Runs `action` (on the relay thread) whenever one of `signals` arrives, until `remove(owner)`.
    func add(_ owner: ObjectIdentifier, signals: [Int32], action: @Sendable @escaping (Int32) -> Void) {
        state.withLock { state in
            if state.writeDescriptor < 0 { state.writeDescriptor = startReader() }
            state.handlers[owner] = (Set(signals), action)
            for number in signals where state.installed.insert(number).inserted {
                _ = accountlink_relay_signal(number, state.writeDescriptor)
            }
        }
    }

    func remove(_ owner: ObjectIdentifier) { _ = state.withLock { $0.handlers.removeValue(forKey: owner) } }

    /// Makes the pipe and the thread that reads it; returns the write end.
    private func startReader() -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)  // never block in the handler
        let readDescriptor = ends[0]
        Thread.detachNewThread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(readDescriptor, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                let number = Int32(byte)
                let actions = state.withLock { $0.handlers.values.filter { $0.signals.contains(number) }.map(\.action) }
                actions.forEach { $0(number) }
            }
        }
        return ends[1]
    }
}
