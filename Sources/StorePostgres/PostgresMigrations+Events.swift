extension PostgresMigrations {
    /// Version 19 (docs/webhooks.md): webhook endpoints with their sealed secrets, the event outbox (one row
    /// per event and receiver; its id is the `webhook-id` or the logout token's `jti`), and each client's
    /// OIDC Back-Channel Logout URI.
    static let events = """
        CREATE TABLE webhook_endpoints (
            id TEXT PRIMARY KEY, url TEXT NOT NULL, events TEXT NOT NULL, description TEXT NOT NULL,
            sealed_secret BYTEA NOT NULL, created_at BIGINT NOT NULL);
        CREATE TABLE event_outbox (
            id TEXT PRIMARY KEY, kind TEXT NOT NULL, endpoint_id TEXT NOT NULL, url TEXT NOT NULL,
            event_type TEXT NOT NULL, account_id TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL,
            attempts BIGINT NOT NULL, last_status_code BIGINT, next_attempt_at BIGINT NOT NULL,
            created_at BIGINT NOT NULL, delivered_at BIGINT);
        CREATE INDEX event_outbox_due ON event_outbox (status, next_attempt_at);
        CREATE INDEX event_outbox_endpoint ON event_outbox (endpoint_id, created_at);
        ALTER TABLE clients ADD COLUMN backchannel_logout_uri TEXT;
        """
}
