import Foundation
import Mail
import OAuthCore

extension AccountLinkApp {
    /// Outbox gauges (docs/operations.md, on top of the outbox of docs/accounts-and-email.md, Mail): mails
    /// by status, and the age of the oldest mail not yet delivered (`pending` or `sending`; 0 when there is none).
    func registerOutboxGauges() {
        let (storage, clock) = (runtime.storage, runtime.clock)
        for status in OutboxMail.Status.allCases {
            metrics.gauge("accountlink_outbox_mails{status=\"\(status.rawValue)\"}") {
                (try? storage.listMail()).map { Double($0.filter { $0.status == status }.count) }
            }
        }
        metrics.gauge("accountlink_outbox_oldest_undelivered_seconds") {
            guard let mails = try? storage.listMail() else { return nil }
            let undelivered = mails.filter { $0.status == .pending || $0.status == .sending }
            guard let oldest = undelivered.map(\.createdAt).min() else { return 0 }
            return max(0, clock.now().timeIntervalSince(oldest))
        }
    }
}
