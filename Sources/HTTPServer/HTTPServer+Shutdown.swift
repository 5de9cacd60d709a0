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
        drain(seconds: configuration.shutdownGracePeriodSeconds)
        if core.resumeAllWithServiceUnavailable() > 0 { drain(seconds: 1) }  // let the 503s go out
        daemon.stop()
        state.withLock { state in
            state.watchdog?.cancel()
            state.watchdog = nil
            state.daemon = nil
            state.phase = .stopped
        }
        SignalRelay.shared.remove(ObjectIdentifier(self))
        core.logger.info("stopped", numbers: ["http.port": Double(boundPort)])
        finished.signal()
    }

    /// Waits until in-flight requests are done or `seconds` are over.
    private func drain(seconds: Double) {
        let deadline = monotonicNanoseconds() + UInt64(max(0, seconds) * 1e9)
        while core.activeRequests.load(ordering: .relaxed) > 0 && monotonicNanoseconds() < deadline {
            usleep(2_000)
        }
    }

    /// Blocks until `shutdown()` has finished (returns at once if it already has).
    public func waitForShutdown() {
        finished.wait()
        finished.signal()  // let every other waiter through too
    }

    /// Turns SIGTERM and SIGINT into `shutdown()`, run on a thread of its own (never inside the
    /// signal handler, and never on a Dispatch worker the handler tasks may need). After
    /// `waitForShutdown()` returns the process may exit 0.
    public func installSignalHandlers(_ signals: [Int32] = [SIGTERM, SIGINT]) {
        let logger = core.logger
        SignalRelay.shared.add(ObjectIdentifier(self), signals: signals) { [weak self] number in
            logger.info("signal received", numbers: ["signal": Double(number)])
            guard let self else { return }
            Thread.detachNewThread { self.shutdown() }
        }
    }
}
