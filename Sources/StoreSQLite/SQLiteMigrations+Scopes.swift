extension SQLiteMigrations {
    /// Version 24: the operator's custom scopes (`accountlink scope add`; docs/operations.md, Custom scopes),
    /// each with its consent texts as one JSON object (language tag → text).
    static let customScopes = """
        CREATE TABLE custom_scopes (
            name TEXT PRIMARY KEY, descriptions TEXT NOT NULL, created_at INTEGER NOT NULL);
        """
}
