import Foundation
import OAuthCore

extension AccountLinkApp {
    /// `accountlink_webhook_deliveries{endpoint,status}`: the outbox by endpoint (a webhook's id, or a client's
    /// id for back-channel logout) and status (`pending`, `delivered`, `failed`; one in flight counts as pending).
    func registerEventGauges() {
        let storage = runtime.storage
        metrics.gaugeFamily("accountlink_webhook_deliveries") {
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
