/// Numbered schema migrations (docs/architecture.md, Data). Applied in order by `SQLiteStorage.migrate()`,
/// each recorded in `schema_migrations`; never edit a shipped one, append a new number.
/// Dates are INTEGER milliseconds since 1970; string lists are JSON text. Grants, codes and tokens
/// keep no foreign key to `clients`: deleting a client revokes them but they stay for the audit trail.
enum SQLiteMigrations {
    static let all: [(version: Int, sql: String)] = [
        (1, initial), (2, accountMail), (3, hardening), (4, lifecycleSignals), (5, resourceServers),
        (7, refreshHistory),
        (8, tokenPath),
        (10, grantIndexByTime),
        (11, historyIndexesAgain),
        (12, providerTokenLookup),
        (13, accountLifecycle),
        (14, foldedEmailKey),
        (16, identityPicture),
        (17, passkeys),
        (18, firstWeek),
        (23, signIns),
        (24, customScopes),
    ]

    static let initial = """
        CREATE TABLE accounts (
            id TEXT PRIMARY KEY, status TEXT NOT NULL, email TEXT, email_lower TEXT,
            email_verified INTEGER NOT NULL, display_name TEXT, created_at INTEGER NOT NULL);
        CREATE INDEX accounts_email_lower ON accounts (email_lower) WHERE status <> 'deleted';
        CREATE TABLE identities (
            id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id),
            provider TEXT NOT NULL, subject TEXT NOT NULL, email TEXT, email_verified INTEGER NOT NULL,
            is_private_email INTEGER NOT NULL, real_user_status INTEGER, email_reachable INTEGER NOT NULL,
            first_sign_in_at INTEGER NOT NULL, last_sign_in_at INTEGER NOT NULL, UNIQUE (provider, subject));
        CREATE INDEX identities_account ON identities (account_id);
        CREATE TABLE password_credentials (
            account_id TEXT PRIMARY KEY REFERENCES accounts (id), hash TEXT NOT NULL);
        CREATE TABLE third_party_tokens (
            identity_id TEXT PRIMARY KEY REFERENCES identities (id) ON DELETE CASCADE,
            account_id TEXT NOT NULL, provider TEXT NOT NULL, encrypted_refresh_token BLOB NOT NULL,
            created_at INTEGER NOT NULL);
        CREATE INDEX third_party_tokens_account ON third_party_tokens (account_id);
        CREATE TABLE pending_revocations (
            id TEXT PRIMARY KEY, provider TEXT NOT NULL, encrypted_refresh_token BLOB NOT NULL,
            attempts INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, last_error TEXT);
        CREATE INDEX pending_revocations_due ON pending_revocations (next_attempt_at);
        CREATE TABLE clients (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT, redirect_uris TEXT NOT NULL,
            scopes TEXT NOT NULL, is_public INTEGER NOT NULL, first_party INTEGER NOT NULL,
            app_flip INTEGER NOT NULL, rotate_refresh_tokens INTEGER NOT NULL, created_at INTEGER NOT NULL);
        CREATE TABLE grants (
            id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id), client_id TEXT NOT NULL,
            scope TEXT NOT NULL, created_at INTEGER NOT NULL, revoked_at INTEGER);
        CREATE INDEX grants_account_client ON grants (account_id, client_id);
        CREATE INDEX grants_client ON grants (client_id);
        CREATE TABLE authorization_codes (
            hash TEXT PRIMARY KEY, grant_id TEXT NOT NULL REFERENCES grants (id), client_id TEXT NOT NULL,
            account_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL, nonce TEXT,
            code_challenge TEXT, auth_time INTEGER NOT NULL, created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL, consumed_at INTEGER);
        CREATE INDEX authorization_codes_grant ON authorization_codes (grant_id);
        CREATE INDEX authorization_codes_expiry ON authorization_codes (expires_at);
        CREATE TABLE tokens (
            hash TEXT PRIMARY KEY, kind TEXT NOT NULL, grant_id TEXT NOT NULL REFERENCES grants (id),
            client_id TEXT NOT NULL, account_id TEXT NOT NULL, scope TEXT NOT NULL, auth_time INTEGER NOT NULL,
            created_at INTEGER NOT NULL, expires_at INTEGER, revoked_at INTEGER, rotated_at INTEGER);
        CREATE INDEX tokens_grant ON tokens (grant_id);
        CREATE INDEX tokens_expiry ON tokens (expires_at) WHERE expires_at IS NOT NULL;
        CREATE TABLE sessions (
            hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id), csrf_secret BLOB NOT NULL,
            auth_time INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
        CREATE INDEX sessions_account ON sessions (account_id);
        CREATE INDEX sessions_expiry ON sessions (expires_at);
        CREATE TABLE interactions (
            id TEXT PRIMARY KEY, request BLOB NOT NULL, account_id TEXT, csrf_secret BLOB NOT NULL,
            created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
        CREATE INDEX interactions_expiry ON interactions (expires_at);
        CREATE TABLE signing_keys (
            kid TEXT PRIMARY KEY, algorithm TEXT NOT NULL, encrypted_private_key BLOB NOT NULL,
            public_jwk TEXT NOT NULL, created_at INTEGER NOT NULL, retired_at INTEGER, remove_after INTEGER);
        CREATE TABLE notification_receipts (jti TEXT PRIMARY KEY, received_at INTEGER NOT NULL);
        CREATE TABLE audit_events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, time INTEGER NOT NULL,
            kind TEXT NOT NULL, account_id TEXT, client_id TEXT, detail TEXT NOT NULL);
        CREATE INDEX audit_events_time ON audit_events (time, seq);
        """

    /// Version 4 (docs/sign-in.md): Google RISC receipts (`jti`), holds set by Google's `account-disabled`,
    /// Apple team-transfer progress, and provider-token lookups by provider (RISC `token-revoked`).
    static let lifecycleSignals = """
        CREATE TABLE security_event_receipts (jti TEXT PRIMARY KEY, received_at INTEGER NOT NULL);
        CREATE TABLE provider_holds (
            provider TEXT NOT NULL, subject TEXT NOT NULL, reason TEXT NOT NULL, since INTEGER NOT NULL,
            PRIMARY KEY (provider, subject));
        CREATE TABLE apple_transfers (
            transfer_sub TEXT PRIMARY KEY, account_id TEXT NOT NULL, identity_id TEXT NOT NULL, new_subject TEXT, completed_at INTEGER);
        CREATE INDEX apple_transfers_pending ON apple_transfers (transfer_sub) WHERE completed_at IS NULL;
        CREATE INDEX third_party_tokens_provider ON third_party_tokens (provider);
        """

    /// docs/hardening.md, Sign-in: the login throttle shared by every instance, and refresh-token lineage
    /// (fork detection).
    static let hardening = """
        CREATE TABLE login_attempts (
            key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_failure INTEGER NOT NULL, blocked_until INTEGER NOT NULL);
        CREATE TABLE refresh_lineage (
            hash TEXT PRIMARY KEY, parent_hash TEXT NOT NULL, created_at INTEGER NOT NULL, used_at INTEGER);
        CREATE INDEX refresh_lineage_parent ON refresh_lineage (parent_hash);
        """

    /// docs/smart-home-fulfillment.md: clients that may introspect every client's tokens (RFC 7662 §4), and clients
    /// allowed the client_credentials grant (RFC 6749 §4.4).
    static let resourceServers = """
        ALTER TABLE clients ADD COLUMN resource_server INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE clients ADD COLUMN client_credentials INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX audit_events_account ON audit_events (account_id, time);
        """
}

extension SQLiteMigrations {
    /// Version 2 (docs/accounts-and-email.md): single-use link tokens (hashes only) and the mail outbox. `seq` orders
    /// mails written in the same millisecond.
    static let accountMail = """
        CREATE TABLE one_time_tokens (
            hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, account_id TEXT NOT NULL REFERENCES accounts (id),
            email TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER);
        CREATE INDEX one_time_tokens_account ON one_time_tokens (account_id, purpose);
        CREATE TABLE outbox (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, account_id TEXT,
            recipient TEXT NOT NULL, subject TEXT NOT NULL, text_body TEXT NOT NULL, html_body TEXT NOT NULL,
            status TEXT NOT NULL, attempts INTEGER NOT NULL, unknown_outcomes INTEGER NOT NULL,
            next_attempt_at INTEGER NOT NULL, last_outcome TEXT, created_at INTEGER NOT NULL, sent_at INTEGER);
        CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
        """
}

extension SQLiteMigrations {
    /// Version 12 (docs/performance.md): the keys Google's RISC `token-revoked` names a stored refresh token by
    /// (`ThirdPartyToken.LookupKeys`), each with its index, and an index over the rows stored before
    /// them. The event used to open every stored Google token to find one, inside the transaction
    /// that records it: at a million linked accounts, seconds of the writer (docs/performance-history.md,
    /// Tenth round).
    static let providerTokenLookup = """
        ALTER TABLE third_party_tokens ADD COLUMN prefix_key TEXT;
        ALTER TABLE third_party_tokens ADD COLUMN hash_key TEXT;
        CREATE INDEX third_party_tokens_prefix_key ON third_party_tokens (provider, prefix_key) WHERE prefix_key IS NOT NULL;
        CREATE INDEX third_party_tokens_hash_key ON third_party_tokens (provider, hash_key) WHERE hash_key IS NOT NULL;
        CREATE INDEX third_party_tokens_unkeyed ON third_party_tokens (provider, identity_id) WHERE prefix_key IS NULL;
        """
}

extension SQLiteMigrations {
    /// Version 13: which accounts people made themselves (`Account.selfService`: an unproven one may not
    /// add sign-in methods, docs/accounts-and-email.md "Taking over an account through its lifecycle"),
    /// and an index for voiding an account's open one-time links (`OneTimeLinkRule`).
    static let accountLifecycle = """
        ALTER TABLE accounts ADD COLUMN self_service INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX one_time_tokens_open ON one_time_tokens (account_id) WHERE used_at IS NULL;
        """
}

extension SQLiteMigrations {
    /// Version 16: Google's `picture` claim kept with the identity (`GET /api/account` shows it).
    static let identityPicture = """
        ALTER TABLE identities ADD COLUMN picture TEXT;
        """
}
