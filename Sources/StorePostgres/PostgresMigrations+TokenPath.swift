extension PostgresMigrations {
    /// Version 8 (docs/performance.md): each client's ID-token algorithm (OIDC Dynamic Client Registration 1.0
    /// §2 `id_token_signed_response_alg`), RS256 for every client registered before.
    static let tokenPath = """
        ALTER TABLE clients ADD COLUMN id_token_signed_response_alg TEXT NOT NULL DEFAULT 'RS256';
        """
}

extension PostgresMigrations {
    /// Version 10 (docs/performance.md): the grant index ordered by issue time within a grant, as in SQLite
    /// (SQLiteMigrations.grantIndexByTime): a grant's new tokens land on its last index page.
    static let grantIndexByTime = """
        DROP INDEX tokens_grant;
        CREATE INDEX tokens_grant ON tokens (grant_id, created_at);
        """
}
