import Foundation

/// Reading the audit log the way the admin API's `GET /admin/audit` does (docs/operations.md).
public protocol AuditQueryStore {
    /// Newest first (same-millisecond events in reverse insertion order): the events of `accountID`
    /// (every account when nil) strictly later than `after` (any time when nil), at most `limit`.
    func auditEvents(accountID: String?, after: Date?, limit: Int) throws -> [AuditEvent]
}
