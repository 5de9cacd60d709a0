import Foundation
import HTTPServer
import OAuthCore

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

    /// `GET /admin/audit?account_id=&after=`: newest first; `after` is an RFC 3339 time (events strictly later).
    func audit(_ request: HTTPRequest) throws -> HTTPResponse {
        var after: Date?
        if let text = request.query["after"] {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw AdminFailure.invalid("after must be an RFC 3339 time such as 2026-12-03T10:00:00Z")
            }
            after = date
        }
        let accountID = request.query["account_id"]
        let events = try runtime.storage.auditEvents(limit: Self.auditWindow).filter { event in
            (accountID == nil || event.accountID.map { Array($0.utf8) == Array(accountID!.utf8) } == true)
                && (after == nil || event.time > after!)
        }
        return Self.ok(events.map {
            AuditView(id: $0.id, time: JSONTime.timestamp($0.time), kind: $0.kind, account_id: $0.accountID,
                      client_id: $0.clientID, detail: $0.detail)
        })
    }
}
