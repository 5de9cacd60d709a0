import Foundation
import HTTPServer
import OAuthCore
import Support

extension AdminAPI {
    struct AuditView: Encodable {
        let id: String
        let time: String
        let kind: String
        let account_id: String?
        let client_id: String?
        let detail: String
    }

    /// How many of the newest events `GET /admin/audit` looks through.
    static let auditWindow = 1000

    /// `GET /admin/audit?account_id=&after=`: newest first; `after` is an RFC 3339 time (events
    /// strictly later, to the millisecond: pass the `time` of the newest event seen to poll for more).
    func audit(_ request: HTTPRequest) throws -> HTTPResponse {
        var after: Int64?
        if let text = request.query["after"] {
            guard let date = Self.parseTime(text) else {
                throw AdminFailure.invalid("after must be an RFC 3339 time such as 2026-12-03T10:00:00Z")
            }
            after = Self.milliseconds(date)
        }
        let accountID = request.query["account_id"].map { Array($0.utf8) }
        let events = try runtime.storage.auditEvents(limit: Self.auditWindow).filter { event in
            (accountID == nil || event.accountID.map { Array($0.utf8) } == accountID)
                && (after.map { Self.milliseconds(event.time) > $0 } ?? true)
        }
        return Self.ok(events.map {
            AuditView(id: $0.id, time: RFC3339.string($0.time), kind: $0.kind, account_id: $0.accountID,
                      client_id: $0.clientID, detail: $0.detail)
        })
    }

    static func parseTime(_ text: String) -> Date? {
        let precise = ISO8601DateFormatter()
        precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return precise.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
