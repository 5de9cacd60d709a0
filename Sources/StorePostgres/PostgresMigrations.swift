/// Numbered schema migrations (docs/architecture.md, Data). Applied in order by `PostgresStorage.migrate()`,
/// each recorded in `schema_migrations`; never edit a shipped one, append a new number.
/// Dates are BIGINT milliseconds since 1970; string lists are JSON text; `seq` keeps insertion
/// order for ties in "oldest first" and "newest first". Grants, codes and tokens
/// keep no foreign key to `clients`: deleting a client revokes them but they stay for the audit trail.
enum PostgresMigrations {
    static let all: [(version: Int, sql: String)] = [
        (1, initial), (2, accountMail), (3, hardening), (4, lifecycleSignals), (5, resourceServers),
        (7, refreshHistory),
        (8, tokenPath),
        (10, grantIndexByTime),
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
            seq BIGSERIAL UNIQUE, id TEXT PRIMARY KEY, status TEXT NOT NULL, email TEXT, email_lower TEXT,
            email_verified BOOLEAN NOT NULL, display_name TEXT, created_at BIGINT NOT NULL);
        CREATE INDEX accounts_email_lower ON accounts (email_lower) WHERE status <> 'deleted';
        CREATE INDEX accounts_created ON accounts (created_at, seq);
        CREATE TABLE identities (
            id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id),
            provider TEXT NOT NULL, subject TEXT NOT NULL, email TEXT, email_verified BOOLEAN NOT NULL,
            is_private_email BOOLEAN NOT NULL, real_user_status BIGINT, email_reachable BOOLEAN NOT NULL,
            first_sign_in_at BIGINT NOT NULL, last_sign_in_at BIGINT NOT NULL, UNIQUE (provider, subject));
        CREATE INDEX identities_account ON identities (account_id);
        CREATE TABLE password_credentials (
            account_id TEXT PRIMARY KEY REFERENCES accounts (id), hash TEXT NOT NULL);
        CREATE TABLE third_party_tokens (
            identity_id TEXT PRIMARY KEY REFERENCES identities (id) ON DELETE CASCADE,
            account_id TEXT NOT NULL, provider TEXT NOT NULL, encrypted_refresh_token BYTEA NOT NULL,
            created_at BIGINT NOT NULL);
        CREATE INDEX third_party_tokens_account ON third_party_tokens (account_id);
        CREATE TABLE pending_revocations (
            id TEXT PRIMARY KEY, provider TEXT NOT NULL, encrypted_refresh_token BYTEA NOT NULL,
            attempts BIGINT NOT NULL, next_attempt_at BIGINT NOT NULL, last_error TEXT);
        CREATE INDEX pending_revocations_due ON pending_revocations (next_attempt_at);
        CREATE TABLE clients (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT, redirect_uris TEXT NOT NULL,
            scopes TEXT NOT NULL, is_public BOOLEAN NOT NULL, first_party BOOLEAN NOT NULL,
            app_flip BOOLEAN NOT NULL, rotate_refresh_tokens BOOLEAN NOT NULL, created_at BIGINT NOT NULL);
        CREATE TABLE grants (
            seq BIGSERIAL UNIQUE, id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id), client_id TEXT NOT NULL,
            scope TEXT NOT NULL, created_at BIGINT NOT NULL, revoked_at BIGINT);
        CREATE INDEX grants_account_client ON grants (account_id, client_id);
        CREATE INDEX grants_client ON grants (client_id);
        CREATE TABLE authorization_codes (
            hash TEXT PRIMARY KEY, grant_id TEXT NOT NULL REFERENCES grants (id), client_id TEXT NOT NULL,
            account_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL, nonce TEXT,
            code_challenge TEXT, auth_time BIGINT NOT NULL, created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL, consumed_at BIGINT);
        CREATE INDEX authorization_codes_grant ON authorization_codes (grant_id);
        CREATE INDEX authorization_codes_expiry ON authorization_codes (expires_at);
        CREATE TABLE tokens (
            hash TEXT PRIMARY KEY, kind TEXT NOT NULL, grant_id TEXT NOT NULL REFERENCES grants (id),
            client_id TEXT NOT NULL, account_id TEXT NOT NULL, scope TEXT NOT NULL, auth_time BIGINT NOT NULL,
            created_at BIGINT NOT NULL, expires_at BIGINT, revoked_at BIGINT, rotated_at BIGINT);
        CREATE INDEX tokens_grant ON tokens (grant_id);
        CREATE INDEX tokens_expiry ON tokens (expires_at) WHERE expires_at IS NOT NULL;
        CREATE TABLE sessions (
            hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts (id), csrf_secret BYTEA NOT NULL,
            auth_time BIGINT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);
        CREATE INDEX sessions_account ON sessions (account_id);
        CREATE INDEX sessions_expiry ON sessions (expires_at);
        CREATE TABLE interactions (
            id TEXT PRIMARY KEY, request BYTEA NOT NULL, account_id TEXT, csrf_secret BYTEA NOT NULL,
            created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);
        CREATE INDEX interactions_expiry ON interactions (expires_at);
        CREATE TABLE signing_keys (
            kid TEXT PRIMARY KEY, algorithm TEXT NOT NULL, encrypted_private_key BYTEA NOT NULL,
            public_jwk TEXT NOT NULL, created_at BIGINT NOT NULL, retired_at BIGINT, remove_after BIGINT);
        CREATE TABLE notification_receipts (jti TEXT PRIMARY KEY, received_at BIGINT NOT NULL);
        CREATE TABLE audit_events (
            seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL, time BIGINT NOT NULL,
            kind TEXT NOT NULL, account_id TEXT, client_id TEXT, detail TEXT NOT NULL);
        CREATE INDEX audit_events_time ON audit_events (time, seq);
        """

    /// Version 4 (docs/sign-in.md): Google RISC receipts (`jti`), holds set by Google's `account-disabled`,
    /// Apple team-transfer progress, and provider-token lookups by provider (RISC `token-revoked`).
    static let lifecycleSignals = """
        CREATE TABLE security_event_receipts (jti TEXT PRIMARY KEY, received_at BIGINT NOT NULL);
        CREATE TABLE provider_holds (
            provider TEXT NOT NULL, subject TEXT NOT NULL, reason TEXT NOT NULL, since BIGINT NOT NULL,
            PRIMARY KEY (provider, subject));
        CREATE TABLE apple_transfers (
            transfer_sub TEXT PRIMARY KEY, account_id TEXT NOT NULL, identity_id TEXT NOT NULL, new_subject TEXT, completed_at BIGINT);
        CREATE INDEX apple_transfers_pending ON apple_transfers (transfer_sub) WHERE completed_at IS NULL;
        CREATE INDEX third_party_tokens_provider ON third_party_tokens (provider);
        """

    /// docs/hardening.md, Sign-in: the login throttle shared by every instance, and refresh-token lineage
    /// (fork detection).
    static let hardening = """
        CREATE TABLE login_attempts (
            key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_failure BIGINT NOT NULL, blocked_until BIGINT NOT NULL);
        CREATE TABLE refresh_lineage (
            hash TEXT PRIMARY KEY, parent_hash TEXT NOT NULL, created_at BIGINT NOT NULL, used_at BIGINT);
        CREATE INDEX refresh_lineage_parent ON refresh_lineage (parent_hash);
        """

    /// docs/smart-home-fulfillment.md: clients that may introspect every client's tokens (RFC 7662 §4), and clients
    /// allowed the client_credentials grant (RFC 6749 §4.4).
    static let resourceServers = """
        ALTER TABLE clients ADD COLUMN resource_server BOOLEAN NOT NULL DEFAULT FALSE;
        ALTER TABLE clients ADD COLUMN client_credentials BOOLEAN NOT NULL DEFAULT FALSE;
        CREATE INDEX audit_events_account ON audit_events (account_id, time);
        """
}

extension PostgresMigrations {
    /// Version 2 (docs/accounts-and-email.md): single-use link tokens (hashes only) and the mail outbox.
    static let accountMail = """
        CREATE TABLE one_time_tokens (
            hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, account_id TEXT NOT NULL REFERENCES accounts (id),
            email TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT);
        CREATE INDEX one_time_tokens_account ON one_time_tokens (account_id, purpose);
        CREATE TABLE outbox (
            seq BIGSERIAL UNIQUE, id TEXT PRIMARY KEY, kind TEXT NOT NULL, account_id TEXT,
            recipient TEXT NOT NULL, subject TEXT NOT NULL, text_body TEXT NOT NULL, html_body TEXT NOT NULL,
            status TEXT NOT NULL, attempts BIGINT NOT NULL, unknown_outcomes BIGINT NOT NULL,
            next_attempt_at BIGINT NOT NULL, last_outcome TEXT, created_at BIGINT NOT NULL, sent_at BIGINT);
        CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
        """
}

extension PostgresMigrations {
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

extension PostgresMigrations {
    /// Version 13: which accounts people made themselves (`Account.selfService`: an unproven one may not
    /// add sign-in methods, docs/accounts-and-email.md "Taking over an account through its lifecycle"),
    /// and an index for voiding an account's open one-time links (`OneTimeLinkRule`).
    static let accountLifecycle = """
        ALTER TABLE accounts ADD COLUMN self_service BOOLEAN NOT NULL DEFAULT false;
        CREATE INDEX one_time_tokens_open ON one_time_tokens (account_id) WHERE used_at IS NULL;
        """
}

extension PostgresMigrations {
    /// Version 16: Google's `picture` claim kept with the identity (`GET /api/account` shows it).
    static let identityPicture = """
        ALTER TABLE identities ADD COLUMN picture TEXT;
        """
}
