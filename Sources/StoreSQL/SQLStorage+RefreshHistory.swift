import Foundation
import OAuthCore

/// RefreshHistoryStore (Sources/OAuthCore/Storage/RefreshHistoryStore.swift) in SQL both dialects
/// accept; the statements are `SQLPurge.refreshHistory`.
extension SQLStorage {
    public func purgeRefreshHistory(before time: Date) throws -> Int {
        try atomic { try SQLPurge.refreshHistory.run($0, before: time) }
    }
}
