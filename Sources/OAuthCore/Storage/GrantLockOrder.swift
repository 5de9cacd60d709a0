/// Grants revoked in one transaction are revoked in one order, their ids' byte order, which is also the
/// order in which PostgreSQL's group commit locks grant rows (`COLLATE "C"` in StoreSQL's
/// `insertWhileLiveLockingSQL`): a revocation of several grants and a batch of refreshes then never wait
/// for each other in a cycle.
public enum GrantLockOrder {
    /// Whether the grant `first` is locked before `second`.
    public static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    public static func sorted(_ grantIDs: [String]) -> [String] { grantIDs.sorted(by: precedes) }

    public static func sorted(_ grants: [Grant]) -> [Grant] { grants.sorted { precedes($0.id, $1.id) } }
}
