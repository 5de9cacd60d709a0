extension SQLiteMigrations {
    /// Version 25: the client's address and `User-Agent` of an audit entry made while answering a
    /// request (docs/operations.md, Audit); null for entries made by the CLI, background work, or before.
    static let auditRequest = """
        ALTER TABLE audit_events ADD COLUMN ip TEXT;
        ALTER TABLE audit_events ADD COLUMN user_agent TEXT;
        """
}
