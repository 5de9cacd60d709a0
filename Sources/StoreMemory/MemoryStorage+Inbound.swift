import Foundation
import OAuthCore

/// `InboundEventStore` (Sources/OAuthCore/Storage/InboundEventStore.swift).
extension MemoryStorage {
    public func advanceInboundMark(provider: LinkedIdentity.Provider, subject: String, effect: String, to eventTime: Date) throws
        -> Bool
    {
        let key = [provider.rawValue, subject, effect].joined(separator: "\u{0}")
        // Milliseconds, as the SQL stores keep dates.
        let time = Int64((eventTime.timeIntervalSince1970 * 1000).rounded(.down))
        return try access { state in
            if let mark = state.inboundMarks[key], mark > time { return false }
            state.inboundMarks[key] = time
            return true
        }
    }

    public func deleteSessions(accountID: String, createdUpTo time: Date) throws {
        try access { state in
            state.sessions = state.sessions.filter { !($0.value.accountID == accountID && $0.value.createdAt <= time) }
        }
    }
}
