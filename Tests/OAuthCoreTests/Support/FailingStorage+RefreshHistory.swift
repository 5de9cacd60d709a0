import Foundation
import OAuthCore

extension FailingStorage {
    func purgeRefreshHistory(before time: Date) throws -> Int {
        try fail.check()
        return try inner.purgeRefreshHistory(before: time)
    }
}
