import Foundation
import Support

/// Runs `OutboxSender` on its own thread (libcurl blocks, and Swift's cooperative pool must not):
/// a pass whenever `nudge()` is called (a mail was written) and at least every `interval` seconds,
/// so mails written before a restart or by another instance go out too.
public final class OutboxWorker: @unchecked Sendable {
    // @unchecked: `stopped` and `nudged` are touched only while `condition` is locked.
    private let sender: OutboxSender
    private let interval: TimeInterval
    private let condition = NSCondition()
    private var stopped = false
    private var nudged = false
    private var thread: Thread?

    public init(sender: OutboxSender, interval: TimeInterval = 1) {
        self.sender = sender
        self.interval = interval
    }

    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "accountlink-outbox"
        self.thread = thread
        thread.start()
    }

    public func nudge() {
        condition.lock()
        nudged = true
        condition.signal()
        condition.unlock()
    }

    public func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            do { try sender.deliverDue() } catch {
                sender.logger.error("outbox pass failed", ["error": "\(error)"])
            }
            condition.lock()
            if !nudged && !stopped { _ = condition.wait(until: Date().addingTimeInterval(interval)) }
            let done = stopped
            nudged = false
            condition.unlock()
            if done { return }
        }
    }
}
