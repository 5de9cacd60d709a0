import OAuthCore

extension MemoryStorage {
    /// All or nothing: every hash is checked, against the store and the batch, before any is kept.
    public func insertTokens(_ records: some Sequence<TokenRecord>) throws {
        let tokens = Array(records)
        try access { state in
            var seen = Set<String>()
            for token in tokens where state.tokens[token.hash] != nil || !seen.insert(token.hash).inserted {
                throw StoreError.conflict("token exists")
            }
            for token in tokens { state.tokens[token.hash] = token }
        }
    }
}
