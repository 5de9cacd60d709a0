extension PostgresMigrations {
    /// Version 23: as in SQLite (SQLiteMigrations.signIns), the sign-ins the account page lists.
    static let signIns = """
        ALTER TABLE sessions ADD COLUMN ip_address TEXT;
        ALTER TABLE sessions ADD COLUMN user_agent TEXT;
        ALTER TABLE sessions ADD COLUMN last_used_at BIGINT;
        ALTER TABLE grants ADD COLUMN ip_address TEXT;
        ALTER TABLE grants ADD COLUMN user_agent TEXT;
        """
}
