import OAuthCore

/// The memory store's two row writes, one owner each: the insert whose only check is the key, and the
/// compare-and-set of the outboxes' claims and outcomes.
extension Dictionary {
    /// The memory store's insert: `value` under a key nothing holds yet; `.conflict(message)` when one does.
    mutating func insertNew(_ value: Value, at key: Key, conflict message: @autoclosure () -> String) throws {
        guard self[key] == nil else { throw StoreError.conflict(message()) }
        self[key] = value
    }

    /// The memory store's compare-and-set: `value` replaces the one under `key` only while `unchanged`
    /// holds for it (the fields a claim or an outcome was computed from); false when absent or changed.
    mutating func replace(_ value: Value, at key: Key, if unchanged: (Value) -> Bool) -> Bool {
        guard let stored = self[key], unchanged(stored) else { return false }
        self[key] = value
        return true
    }
}
