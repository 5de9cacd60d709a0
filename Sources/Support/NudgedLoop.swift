import Foundation

/// A pass that runs on a thread of its own (blocking work such as libcurl must stay off Swift's cooperative
/// pool) whenever `nudge()` is called and at least every `interval` seconds, until `stop()`: the one loop
/// of the mail outbox worker and the event delivery worker, so that what was written before a restart or
/// by another instance goes out too.
public final class NudgedLoop: @unchecked Sendable {
    // @unchecked: `stopped` and `nudged` are touched only while `condition` is locked.
    private let name: String
    private let interval: TimeInterval
    private let pass: @Sendable (NudgedLoop) -> Void
    private let condition = NSCondition()
    private var stopped = false
    private var nudged = false

    /// - Parameter pass: one pass; it is handed the loop, so that work it leaves running can `nudge()` it.
    public init(name: String, interval: TimeInterval, pass: @escaping @Sendable (NudgedLoop) -> Void) {
        self.name = name
        self.interval = interval
        self.pass = pass
    }

    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = name
        thread.start()
    }

    /// Runs the next pass at once (or right after the one running).
    public func nudge() { signal { $0.nudged = true } }

    /// Ends the loop after the pass running, if any.
    public func stop() { signal { $0.stopped = true } }

    private func signal(_ change: (NudgedLoop) -> Void) {
        condition.lock()
        change(self)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            pass(self)
            condition.lock()
            if !nudged && !stopped { _ = condition.wait(until: Date().addingTimeInterval(interval)) }
            let done = stopped
            nudged = false
            condition.unlock()
            if done { return }
        }
    }
}
