import Foundation
import OAuthCore
import StorePostgres
import StoreSQLite
import Support

/// Puts COUNT tokens in the store through its bulk path (`TokenBulkStore`: one transaction, one
/// prepared multi-row INSERT reused), as a real grant would have them: half access tokens living an
/// hour, half refresh tokens without expiry, issued one after another over the last half hour and keyed as
/// the server keys them (`OpaqueToken.hash`: the issue time, then the hash; docs/performance.md, The token
/// path). Only the insert is timed.
struct TokenSeeder {
    /// The grant the tokens are seeded for, and the bulk insert.
    let storage: any AccountStore & GrantStore & TokenBulkStore

    /// `sqlite:PATH` or a `postgres://` URL, as ACCOUNTLINK_DATABASE; the server has migrated it.
    init(database: String) throws {
        if database.hasPrefix("sqlite:") {
            storage = try SQLiteStorage(path: String(database.dropFirst("sqlite:".count)))
        } else if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            storage = try PostgresStorage(url: database, poolSize: 1)
        } else {
            throw BenchFailure("DATABASE must be sqlite:PATH or a postgres:// URL")
        }
    }

    func seed(count: Int, clientID: String, email: String) throws {
        guard let account = try storage.account(email: email),
            let grant = try storage.activeGrant(accountID: account.id, clientID: clientID)
        else { throw BenchFailure("no active grant of \(email) to \(clientID): sign in once first") }
        let now = Date()
        let random = SystemRandom()
        let step = 1800.0 / Double(max(count, 1))  // none expires during a bench
        // Issued in time order, so the keys arrive sorted, as the server writes them.
        let records = (0..<count).lazy.map { index in
            let kind: TokenRecord.Kind = index % 2 == 0 ? .access : .refresh
            let issued = now.addingTimeInterval(-step * Double(count - index))
            let token = OpaqueToken.generate(kind == .access ? .access : .refresh, at: issued, random: random)
            return TokenRecord(
                hash: OpaqueToken.hash(token), kind: kind, grantID: grant.id, clientID: clientID,
                accountID: account.id, scope: grant.scope, authTime: issued, createdAt: issued,
                expiresAt: kind == .access ? issued.addingTimeInterval(3600) : nil)
        }
        let started = ContinuousClock.now
        try storage.insertTokens(records)
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("seed_rows \(count)")
        print("seed_seconds \(String(format: "%.2f", seconds))")
        print("seed_rows_per_s \(Int(Double(count) / max(seconds, 1e-9)))")
    }
}
