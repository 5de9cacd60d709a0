import Foundation
import OAuthCore

extension Doctor {
    /// How long an endpoint may leave an event undelivered before doctor calls it failing (docs/webhooks.md).
    static let failingAfter: TimeInterval = 3600

    /// docs/webhooks.md, Operations: a receiver (webhook endpoint, or a client's back-channel logout URI)
    /// whose oldest undelivered event waited an hour or more, or one with given-up deliveries, is reported.
    func webhookFindings() throws -> [Finding] {
        let now = runtime.clock.now()
        let counts = try runtime.storage.eventDeliveryCounts()
        let receivers = Set(counts.map(\.endpointID)).sorted()
        return receivers.compactMap { receiver -> Finding? in
            let mine = counts.filter { $0.endpointID == receiver }
            let failed = mine.filter { $0.status == .failed }.map(\.count).reduce(0, +)
            let waiting = mine.filter { $0.status == .pending || $0.status == .sending }
            let oldest = waiting.map(\.oldest).min()
            let name = "webhook:\(receiver)"
            if let oldest, now.timeIntervalSince(oldest) >= Self.failingAfter {
                let minutes = Int(now.timeIntervalSince(oldest) / 60)
                return Self.fail(name, "\(receiver) has left events undelivered for \(minutes) minutes",
                                 "check the endpoint answers 2xx within 15 s (`GET /admin/webhooks/ID/deliveries` shows " +
                                 "the last status code); deliveries keep retrying for 24 hours")
            }
            if failed > 0 {
                return Self.fail(name, "\(failed) event(s) to \(receiver) were given up after 24 hours of retries",
                                 "fix the endpoint, then retry each by hand: POST /admin/webhooks/ID/deliveries/DELIVERY/retry")
            }
            return Self.pass(name, "\(receiver) receives its events")
        }
    }
}
