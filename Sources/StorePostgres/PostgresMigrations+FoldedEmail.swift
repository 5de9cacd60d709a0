extension PostgresMigrations {
    /// Version 14: one live account per folded email (`Account.emailKey`). The keys of existing rows
    /// are recomputed first (`SQLMigrationSteps.refoldEmailKeys`); then the index is unique, so of
    /// concurrent sign-ups for one address one commits and the others meet a conflict (23505).
    /// Also the chosen password's hash a verify-first sign-up keeps with its link (`OneTimeToken.passwordHash`).
    static let foldedEmailKey = """
        DROP INDEX accounts_email_lower;
        CREATE UNIQUE INDEX accounts_email_key ON accounts (email_lower) WHERE status <> 'deleted';
        ALTER TABLE one_time_tokens ADD COLUMN password_hash TEXT;
        """
}
