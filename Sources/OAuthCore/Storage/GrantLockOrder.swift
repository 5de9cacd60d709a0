/// Grants revoked in one transaction are revoked in one order, their ids' byte order, which is also the
/// order in which PostgreSQL's group commit locks grant rows (StorePostgres/PGInsertBatch.swift): a
/// revocation of several grants and a batch of refreshes then never wait for each other in a cycle.
public enum GrantLockOrder {
    public static func sorted(_ grantIDs: [String]) -> [String] {
        grantIDs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    public static func sorted(_ grants: [Grant]) -> [Grant] {
        grants.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }
}
