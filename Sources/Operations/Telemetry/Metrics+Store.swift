import Foundation
import Mail
import OAuthCore
import Support

extension Metrics {
    /// Every gauge of what the store holds: the store's own (PostgreSQL: its pool and round trips, as its
    /// `StoreRuntime` offers them), the provider revocations waiting to be retried, the mail outbox and the
    /// webhook deliveries.
    public func registerStoreGauges(_ runtime: Runtime) {
        let storage = runtime.storage
        for gauge in runtime.storeRuntime.gauges { self.gauge(gauge.name, gauge.value) }
        gauge("accountlink_background_pending_revocations") {
            (try? storage.duePendingRevocations(at: .distantFuture)).map { Double($0.count) }
        }
        registerOutboxGauges(storage: storage, clock: runtime.clock)
        registerEventGauges(storage: storage)
    }

    /// Outbox gauges (docs/operations.md, on top of the outbox of docs/accounts-and-email.md, Mail): mails
    /// by status, and the age of the oldest mail not yet delivered (`pending` or `sending`; 0 when there is none).
    public func registerOutboxGauges(storage: any OutboxStore & Sendable, clock: any Clock) {
        for status in OutboxMail.Status.allCases {
            gauge("accountlink_outbox_mails{status=\"\(status.rawValue)\"}") {
                (try? storage.listMail()).map { Double($0.filter { $0.status == status }.count) }
            }
        }
        gauge("accountlink_outbox_oldest_undelivered_seconds") {
            guard let mails = try? storage.listMail() else { return nil }
            let undelivered = mails.filter { $0.status == .pending || $0.status == .sending }
            guard let oldest = undelivered.map(\.createdAt).min() else { return 0 }
            return max(0, clock.now().timeIntervalSince(oldest))
        }
    }

    /// `accountlink_webhook_deliveries{endpoint,status}`: the outbox by endpoint (a webhook's id, or a client's
    /// id for back-channel logout) and status (`pending`, `delivered`, `failed`; one in flight counts as pending).
    public func registerEventGauges(storage: any EventOutboxStore & Sendable) {
        gaugeFamily("accountlink_webhook_deliveries") {
            guard let counts = try? storage.eventDeliveryCounts() else { return nil }
            var totals: [String: Double] = [:]
            for count in counts {
                let status = count.status == .sending ? "pending" : count.status.rawValue
                totals["endpoint=\"\(Self.labelValue(count.endpointID))\",status=\"\(status)\"", default: 0] += Double(count.count)
            }
            return totals.sorted { $0.key < $1.key }.map { (labels: $0.key, value: $0.value) }
        }
    }

    /// Prometheus exposition format: `\`, `"` and newline escaped in a label value.
    static func labelValue(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
