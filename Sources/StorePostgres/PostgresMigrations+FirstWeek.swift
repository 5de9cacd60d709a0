extension PostgresMigrations {
    /// Version 18: each client's browser origins allowed by CORS, as in SQLite (SQLiteMigrations.firstWeek).
    static let firstWeek = """
        ALTER TABLE clients ADD COLUMN web_origins TEXT NOT NULL DEFAULT '[]';
        """
}
