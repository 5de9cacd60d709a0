import Foundation
import OAuthCore

/// Migration steps SQL alone cannot do, shared by both dialects; each backend's `migrate()` runs
/// `before(version:)` in the migration's transaction, before its SQL.
package enum SQLMigrationSteps {
    /// The version that gives every account its folded email key and makes the key unique
    /// (`SQLiteMigrations.foldedEmailKey`, `PostgresMigrations.foldedEmailKey`).
    package static let foldedEmailKey = 14

    package static func before(version: Int, _ db: any SQLConnection) throws {
        if version == foldedEmailKey { try refoldEmailKeys(db) }
    }

    /// Recomputes `email_lower` as `Account.emailKey` (NFKC, case folded) for every live account,
    /// oldest first. Two accounts made before the fold may share a key (a fullwidth copy of an
    /// address): the oldest keeps it, so lookups find the account they found before (the oldest),
    /// and a later one gets a key no lookup can produce (a control character, which
    /// `EmailAddress.isPlausible` refuses, and its id), so the unique index can be built.
    static func refoldEmailKeys(_ db: any SQLConnection) throws {
        let rows = try db.query(
            """
            SELECT id, email FROM accounts WHERE email IS NOT NULL AND status <> 'deleted'
            ORDER BY created_at, \(db.insertionOrder)
            """
        ) { (try $0.text(0), try $0.text(1)) }
        var taken = Set<[UInt8]>()
        for (id, email) in rows {
            var key = Account.emailKey(email)
            if !taken.insert(Array(key.utf8)).inserted { key += "\u{1}" + id }
            try db.run("UPDATE accounts SET email_lower = $2 WHERE id = $1", [.text(id), .text(key)])
        }
    }
}
