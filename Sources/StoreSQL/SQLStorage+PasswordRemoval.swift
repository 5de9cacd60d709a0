import Foundation
import OAuthCore

extension SQLStorage {
    public func deletePasswordHash(accountID: String) throws -> Bool {
        try access { try $0.run("DELETE FROM password_credentials WHERE account_id = $1", [.text(accountID)]) } > 0
    }
}
