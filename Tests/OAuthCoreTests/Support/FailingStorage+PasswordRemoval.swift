import Foundation
import OAuthCore

/// `PasswordRemovalStore` for the failing wrapper: checks the switch, then forwards.
extension FailingStorage {
    func deletePasswordHash(accountID: String) throws -> Bool {
        try fail.check()
        return try inner.deletePasswordHash(accountID: accountID)
    }
}
