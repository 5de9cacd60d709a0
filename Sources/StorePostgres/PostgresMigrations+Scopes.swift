extension PostgresMigrations {
    /// Version 24: the operator's custom scopes, as in SQLite (SQLiteMigrations.customScopes).
    static let customScopes = """
        CREATE TABLE custom_scopes (
            name TEXT PRIMARY KEY, descriptions TEXT NOT NULL, created_at BIGINT NOT NULL);
        """
}
