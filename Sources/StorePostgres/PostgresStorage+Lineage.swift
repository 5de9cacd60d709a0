import Foundation
import OAuthCore
import StoreSQL
import Support

/// RefreshLineageStore.useRefreshToken in one statement (StoreSQL's portable version takes four round
/// trips): the UPDATE locks every child of the token's parent and every child of the token, waiting for
/// one being used concurrently; under READ COMMITTED a row updated meanwhile is re-read in its committed
/// version (PostgreSQL docs §13.2.1), so RETURNING shows each one's latest `used_at`, and it marks
/// this token used in the same step.
extension PostgresStorage {
    public func useRefreshToken(hash: String, at time: Date) throws -> Bool {
        let family = try connection { db in
            try db.query(
                """
                UPDATE refresh_lineage SET used_at = CASE WHEN hash = $1 AND used_at IS NULL THEN $2 ELSE used_at END
                WHERE parent_hash = (SELECT parent_hash FROM refresh_lineage WHERE hash = $1) OR parent_hash = $1
                RETURNING hash, used_at
                """, [.text(hash), .date(time)]
            ).rows { (hash: try $0.text(0), used: !$0.isNull(1)) }
        }
        return !family.contains { !$0.hash.sameBytes(hash) && $0.used }
    }
}
