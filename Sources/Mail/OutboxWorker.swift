import Foundation
import Support

/// Runs `OutboxSender` on its own thread (libcurl blocks, and Swift's cooperative pool must not):
/// a pass whenever `nudge()` is called (a mail was written) and at least every `interval` seconds,
/// so mails written before a restart or by another instance go out too (Support's `NudgedLoop`).
public final class OutboxWorker: Sendable {
    private let loop: NudgedLoop

    public init(sender: OutboxSender, interval: TimeInterval = 1) {
        loop = NudgedLoop(name: "accountlink-outbox", interval: interval) { _ in
            do { try sender.deliverDue() } catch {
                sender.logger.error("outbox pass failed", ["error": "\(error)"])
            }
        }
    }

    public func start() { loop.start() }
    public func nudge() { loop.nudge() }
    public func stop() { loop.stop() }
}
