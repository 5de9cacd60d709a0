import Foundation
import OAuthCore

extension MemoryStorage {
    public func deletePasswordHash(accountID: String) throws -> Bool {
        try access { $0.passwords.removeValue(forKey: accountID) != nil }
    }
}
