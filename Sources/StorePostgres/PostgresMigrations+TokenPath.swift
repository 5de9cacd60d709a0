extension PostgresMigrations {
    /// Version 8 (issue #16): each client's ID-token algorithm (OIDC Dynamic Client Registration 1.0
    /// §2 `id_token_signed_response_alg`), RS256 for every client registered before.
    static let tokenPath = """
        ALTER TABLE clients ADD COLUMN id_token_signed_response_alg TEXT NOT NULL DEFAULT 'RS256';
        """
}
