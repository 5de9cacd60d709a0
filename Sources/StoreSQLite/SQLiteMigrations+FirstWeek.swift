extension SQLiteMigrations {
    /// Version 18: each client's browser origins allowed by CORS (docs/clients.md, Web origins), a JSON
    /// list like `redirect_uris`; none for every client registered before.
    static let firstWeek = """
        ALTER TABLE clients ADD COLUMN web_origins TEXT NOT NULL DEFAULT '[]';
        """
}
