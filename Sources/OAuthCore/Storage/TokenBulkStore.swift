/// Many tokens at once: how `make bench` puts a million tokens in the store (docs/performance.md) without a
/// million transactions. Not used by any grant: a grant issues its tokens one at a time.
public protocol TokenBulkStore {
    /// Inserts every record in one transaction: all of them, or none (a hash already stored fails
    /// the whole call with `StoreError.conflict`, and nothing is kept).
    /// The records are read once, in order, as the insert goes (a million need not sit in memory).
    func insertTokens(_ tokens: some Sequence<TokenRecord>) throws
}
