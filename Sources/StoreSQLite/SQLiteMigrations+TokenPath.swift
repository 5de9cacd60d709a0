extension SQLiteMigrations {
    /// Version 8 (docs/performance.md): each client's ID-token algorithm (OIDC Dynamic Client Registration 1.0
    /// §2 `id_token_signed_response_alg`), RS256 for every client registered before; and `tokens`
    /// rebuilt WITHOUT ROWID, so the row lives in its primary key's B-tree: a lookup by hash walks one
    /// tree instead of the hash index and then the table, and an insert writes one B-tree fewer
    /// (docs/performance.md).
    static let tokenPath = """
        ALTER TABLE clients ADD COLUMN id_token_signed_response_alg TEXT NOT NULL DEFAULT 'RS256';
        CREATE TABLE tokens_by_hash (
            hash TEXT PRIMARY KEY, kind TEXT NOT NULL, grant_id TEXT NOT NULL REFERENCES grants (id),
            client_id TEXT NOT NULL, account_id TEXT NOT NULL, scope TEXT NOT NULL, auth_time INTEGER NOT NULL,
            created_at INTEGER NOT NULL, expires_at INTEGER, revoked_at INTEGER, rotated_at INTEGER) WITHOUT ROWID;
        INSERT INTO tokens_by_hash (hash, kind, grant_id, client_id, account_id, scope, auth_time, created_at,
                                    expires_at, revoked_at, rotated_at)
            SELECT hash, kind, grant_id, client_id, account_id, scope, auth_time, created_at, expires_at, revoked_at,
                   rotated_at FROM tokens;
        DROP TABLE tokens;
        ALTER TABLE tokens_by_hash RENAME TO tokens;
        CREATE INDEX tokens_grant ON tokens (grant_id);
        CREATE INDEX tokens_expiry ON tokens (expires_at) WHERE expires_at IS NOT NULL;
        """
}

extension SQLiteMigrations {
    /// Version 10 (docs/performance.md): the grant index ordered by issue time within a grant. A grant's tokens
    /// are issued one after another, so each new one lands on the index's last page for that grant
    /// instead of a page picked by its random hash: a batch of refreshes dirties one index page, not
    /// one per token (fewer WAL frames per commit, docs/performance.md). Revoking a grant still finds its
    /// tokens by the leading `grant_id`.
    static let grantIndexByTime = """
        DROP INDEX tokens_grant;
        CREATE INDEX tokens_grant ON tokens (grant_id, created_at);
        """
}

extension SQLiteMigrations {
    /// Version 11 (docs/performance.md): the purge's indexes on rotated and revoked tokens (version 7) again.
    /// Version 8 rebuilt `tokens` and dropped the old table with them, so every minute's purge of
    /// refresh history scanned the whole table: 150 ms per statement at a million tokens, on the
    /// writer, which every refresh then waited for (docs/performance-history.md, Third round).
    static let historyIndexesAgain = """
        CREATE INDEX IF NOT EXISTS tokens_rotated ON tokens (rotated_at) WHERE rotated_at IS NOT NULL;
        CREATE INDEX IF NOT EXISTS tokens_revoked ON tokens (revoked_at) WHERE revoked_at IS NOT NULL;
        """
}
