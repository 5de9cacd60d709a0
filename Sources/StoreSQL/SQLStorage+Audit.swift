import Foundation
import OAuthCore

extension SQLStorage {
    public func auditEvents(accountID: String?, after: Date?, limit: Int) throws -> [AuditEvent] {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let accountID {
            values.append(.text(accountID))
            conditions.append("account_id = $\(values.count)")
        }
        if let after {
            values.append(.date(after))
            conditions.append("time > $\(values.count)")
        }
        values.append(.int(max(0, limit)))
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") + " "
        return try access {
            try $0.query(
                "SELECT \(Columns.audit) FROM audit_events \(filter)ORDER BY time DESC, seq DESC LIMIT $\(values.count)",
                values
            ) { try $0.audit() }
        }
    }
}
