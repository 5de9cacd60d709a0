extension SQLiteMigrations {
    /// Version 23: where and when each web session was last seen, and where a first-party app sign-in
    /// (its grant) came from, for the account page's list of sign-ins (docs/accounts-and-email.md,
    /// "Sessions and app sign-ins"). Rows written before have none: the page says "unknown".
    static let signIns = """
        ALTER TABLE sessions ADD COLUMN ip_address TEXT;
        ALTER TABLE sessions ADD COLUMN user_agent TEXT;
        ALTER TABLE sessions ADD COLUMN last_used_at INTEGER;
        ALTER TABLE grants ADD COLUMN ip_address TEXT;
        ALTER TABLE grants ADD COLUMN user_agent TEXT;
        """
}
