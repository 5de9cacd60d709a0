import Foundation
import OAuthCore
import Support

/// Runs `EventSender` off every request path (docs/webhooks.md): a loop on its own thread reads what is due
/// when nudged (an event was written) and at least every `interval` seconds (events written before a
/// restart or by another instance), and hands each delivery to a worker queue, at most
/// `perEndpointConcurrency` at once per receiver URL, so a slow or dead endpoint only delays itself.
public final class EventWorker: @unchecked Sendable {
    // @unchecked: `stopped`, `nudged` and `inFlight` are touched only while `condition` is locked.
    private let sender: EventSender
    private let interval: TimeInterval
    private let condition = NSCondition()
    private let queue = DispatchQueue(label: "accountlink-events", attributes: .concurrent)
    private var stopped = false
    private var nudged = false
    private var inFlight: [String: Set<String>] = [:]

    public init(sender: EventSender, interval: TimeInterval = 1) {
        self.sender = sender
        self.interval = interval
    }

    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "accountlink-events"
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
            do { try sender.due().forEach(dispatch) } catch {
                sender.logger.error("event outbox pass failed", ["error": "\(error)"])
            }
            condition.lock()
            if !nudged && !stopped { _ = condition.wait(until: Date().addingTimeInterval(interval)) }
            let done = stopped
            nudged = false
            condition.unlock()
            if done { return }
        }
    }

    /// Starts the delivery unless it is already running here or its endpoint is at its limit.
    private func dispatch(_ delivery: EventDelivery) {
        condition.lock()
        let running = inFlight[delivery.url, default: []]
        guard !running.contains(delivery.id), running.count < sender.policy.perEndpointConcurrency else {
            condition.unlock()
            return
        }
        inFlight[delivery.url, default: []].insert(delivery.id)
        condition.unlock()
        queue.async { [self] in
            do { try sender.deliver(delivery) } catch {
                sender.logger.error("event delivery failed", ["event.id": delivery.id, "error": "\(error)"])
            }
            condition.lock()
            inFlight[delivery.url]?.remove(delivery.id)
            nudged = true
            condition.signal()
            condition.unlock()
        }
    }
}
