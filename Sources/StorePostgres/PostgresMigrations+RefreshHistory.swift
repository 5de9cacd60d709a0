extension PostgresMigrations {
    /// Version 7 (docs/performance.md): the periodic purge of rotated and revoked tokens and of refresh lineage
    /// (Sources/StoreSQL/SQLStorage+RefreshHistory.swift) finds its rows by index.
    static let refreshHistory = """
        CREATE INDEX tokens_rotated ON tokens (rotated_at) WHERE rotated_at IS NOT NULL;
        CREATE INDEX tokens_revoked ON tokens (revoked_at) WHERE revoked_at IS NOT NULL;
        CREATE INDEX refresh_lineage_created ON refresh_lineage (created_at);
        """
}
