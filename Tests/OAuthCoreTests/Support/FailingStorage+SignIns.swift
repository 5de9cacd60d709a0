import Foundation
import OAuthCore

/// `SignInListStore` for the failing wrapper: records the call, checks the switch, then forwards.
extension FailingStorage {
    func liveSessions(accountID: String, at time: Date) throws -> [Session] {
        fail.record(#function)
        try fail.check()
        return try inner.liveSessions(accountID: accountID, at: time)
    }

    func recordSessionUse(hash: String, at time: Date, origin: SignInOrigin) throws {
        fail.record(#function)
        try fail.check()
        try inner.recordSessionUse(hash: hash, at: time, origin: origin)
    }

    func lastTokenIssued(grantIDs: [String]) throws -> [String: Date] {
        fail.record(#function)
        try fail.check()
        return try inner.lastTokenIssued(grantIDs: grantIDs)
    }
}
