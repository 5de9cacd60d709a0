extension PostgresMigrations {
    /// Version 25: an audit entry's client address and `User-Agent`, as in SQLite (SQLiteMigrations.auditRequest).
    static let auditRequest = """
        ALTER TABLE audit_events ADD COLUMN ip TEXT;
        ALTER TABLE audit_events ADD COLUMN user_agent TEXT;
        """
}
