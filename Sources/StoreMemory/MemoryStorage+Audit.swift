import Foundation
import OAuthCore
import Support

extension MemoryStorage {
    public func auditEvents(accountID: String?, after: Date?, limit: Int) throws -> [AuditEvent] {
        try access { state in
            Array(state.audit.reversed().filter { event in
                (accountID == nil || event.accountID.sameBytes(accountID)) && (after.map { event.time > $0 } ?? true)
            }.prefix(max(0, limit)))
        }
    }
}
