import Foundation
import OAuthCore

/// `InboundEventStore` for the failing wrapper: checks the switch, then forwards.
extension FailingStorage {
    func advanceInboundMark(provider: LinkedIdentity.Provider, subject: String, effect: String, to eventTime: Date) throws -> Bool {
        fail.record(#function)
        try fail.check()
        return try inner.advanceInboundMark(provider: provider, subject: subject, effect: effect, to: eventTime)
    }
    func deleteSessions(accountID: String, createdUpTo time: Date) throws {
        fail.record(#function)
        try fail.check()
        try inner.deleteSessions(accountID: accountID, createdUpTo: time)
    }
}
