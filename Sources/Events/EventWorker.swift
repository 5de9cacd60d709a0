import Foundation
import OAuthCore
import Support
import Synchronization

/// Runs `EventSender` off every request path (docs/webhooks.md): a loop on its own thread (Support's
/// `NudgedLoop`) reads what is due when nudged (an event was written, a delivery ended) and at least every
/// `interval` seconds (events written before a restart or by another instance), and hands each delivery to
/// a worker queue, at most `perEndpointConcurrency` at once per receiver URL, so a slow or dead endpoint
/// only delays itself.
public final class EventWorker: Sendable {
    private let loop: NudgedLoop

    public init(sender: EventSender, interval: TimeInterval = 1) {
        let deliveries = RunningDeliveries(sender: sender)
        loop = NudgedLoop(name: "accountlink-events", interval: interval) { loop in
            do { try sender.due().forEach { deliveries.start($0, then: loop.nudge) } } catch {
                sender.logger.error("event outbox pass failed", ["error": "\(error)"])
            }
        }
    }

    public func start() { loop.start() }
    public func nudge() { loop.nudge() }
    public func stop() { loop.stop() }
}

/// The deliveries under way, by receiver URL.
private final class RunningDeliveries: Sendable {
    let sender: EventSender
    let queue = DispatchQueue(label: "accountlink-events", attributes: .concurrent)
    let running = Mutex<[String: Set<String>]>([:])

    init(sender: EventSender) { self.sender = sender }

    /// Starts the delivery unless it is already running here or its endpoint is at its limit; `then` runs
    /// when it ended.
    func start(_ delivery: EventDelivery, then ended: @escaping @Sendable () -> Void) {
        guard admit(delivery) else { return }
        queue.async { [self] in
            do { _ = try sender.deliver(delivery) } catch {
                sender.logger.error("event delivery failed", ["event.id": delivery.id, "error": "\(error)"])
            }
            running.withLock { _ = $0[delivery.url]?.remove(delivery.id) }
            ended()
        }
    }

    private func admit(_ delivery: EventDelivery) -> Bool {
        running.withLock { running in
            let now = running[delivery.url, default: []]
            guard !now.contains(delivery.id), now.count < sender.policy.perEndpointConcurrency else { return false }
            running[delivery.url, default: []].insert(delivery.id)
            return true
        }
    }
}
