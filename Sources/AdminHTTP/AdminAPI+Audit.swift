import Foundation
import HTTPServer
import OAuthCore
import Operations
import Support

extension AdminAPI {
    /// The most events one answer holds.
    static let auditLimit = 1000

    /// `GET /admin/audit?account_id=&after=`: newest first, at most `auditLimit`; `after` is an RFC 3339
    /// time (events strictly later: pass the `time` of the newest event seen to poll for more).
    func audit(_ request: HTTPRequest) throws -> HTTPResponse {
        var after: Date?
        if let text = request.query["after"] {
            guard let date = Self.parseTime(text) else {
                throw AdminFailure.invalid("after must be an RFC 3339 time such as 2026-12-03T10:00:00Z")
            }
            // Half a millisecond past the stated one: stores keep whole milliseconds and round down,
            // so events of that very millisecond stay out, whatever the floating-point error.
            after = Date(timeIntervalSince1970: ((date.timeIntervalSince1970 * 1000).rounded() + 0.5) / 1000)
        }
        let events = try runtime.storage.auditEvents(accountID: request.query["account_id"], after: after,
                                                     limit: Self.auditLimit)
        return Self.ok(events.map(AuditEntryView.init))
    }

    static func parseTime(_ text: String) -> Date? {
        let precise = ISO8601DateFormatter()
        precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return precise.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

}
