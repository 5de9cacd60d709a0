extension PostgresMigrations {
    /// Version 17: passkeys (one row per credential ID across all accounts, its identity row of
    /// provider `passkey` beside it) and the single-use WebAuthn ceremonies (docs/passkeys.md).
    static let passkeys = """
        CREATE TABLE passkeys (
            credential_id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id),
            identity_id TEXT NOT NULL, public_key BYTEA NOT NULL, sign_count BIGINT NOT NULL,
            backup_eligible BOOLEAN NOT NULL, backed_up BOOLEAN NOT NULL, name TEXT NOT NULL,
            created_at BIGINT NOT NULL, last_used_at BIGINT);
        CREATE INDEX passkeys_account ON passkeys (account_id);
        CREATE TABLE webauthn_flows (
            id_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, challenge BYTEA NOT NULL, account_id TEXT,
            client_id TEXT, expires_at BIGINT NOT NULL);
        CREATE INDEX webauthn_flows_expiry ON webauthn_flows (expires_at);
        """
}
