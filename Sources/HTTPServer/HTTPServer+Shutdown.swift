import Dispatch
import Foundation
import Glibc

extension HTTPServer {
    /// Graceful stop: stop accepting, let in-flight requests finish (up to the grace period;
    /// what is left gets 503), close every connection, then return. Safe to call more than once
    /// and from any thread; a second caller waits for the first to finish.
    public func shutdown() {
        let daemon: Daemon? = state.withLock { state in
            switch state.phase {
            case .idle:
                state.phase = .stopped
                finished.signal()
                return nil
            case .running:
                state.phase = .stopping
                return state.daemon
            case .stopping, .stopped:
                return nil
            }
        }
        guard let daemon else {
            waitForShutdown()
            return
        }
        core.draining.store(true, ordering: .relaxed)
        daemon.quiesce()
        drain()
        core.resumeAllWithServiceUnavailable()
        daemon.stop()
        let sources = state.withLock { state in
            state.watchdog?.cancel()
            state.watchdog = nil
            state.daemon = nil
            state.phase = .stopped
            defer { state.signalSources = [] }
            return state.signalSources
        }
        sources.forEach { $0.cancel() }
        core.logger.info("stopped", ["http.port": String(boundPort)])
        finished.signal()
    }

    /// Waits until in-flight requests are done or the grace period is over.
    private func drain() {
        let deadline = monotonicNanoseconds() + UInt64(max(0, configuration.shutdownGracePeriodSeconds) * 1e9)
        while core.activeRequests.load(ordering: .relaxed) > 0 && monotonicNanoseconds() < deadline {
            usleep(2_000)
        }
    }

    /// Blocks until `shutdown()` has finished (returns at once if it already has).
    public func waitForShutdown() {
        finished.wait()
        finished.signal()  // let every other waiter through too
    }

    /// Turns SIGTERM and SIGINT into `shutdown()` (through DispatchSource, so no work happens in
    /// a signal handler). After `waitForShutdown()` returns the process may exit 0.
    public func installSignalHandlers(_ signals: [Int32] = [SIGTERM, SIGINT]) {
        state.withLock { state in
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [self] in
                    core.logger.info("signal received", ["signal": String(number)])
                    // A thread of its own: shutdown blocks while handler tasks finish, and a
                    // blocked Dispatch worker could starve the pool those tasks run on.
                    Thread.detachNewThread { self.shutdown() }
                }
                source.resume()
                state.signalSources.append(source)
            }
        }
    }
}
