import Events

extension ConfigurationLoader {
    static let webhookRetryScale = Setting(env: "ACCOUNTLINK_WEBHOOK_RETRY_SCALE", json: "webhook_retry_scale", flag: nil)
    static let webhookTimeout = Setting(env: "ACCOUNTLINK_WEBHOOK_TIMEOUT", json: "webhook_timeout", flag: nil)
    static let webhookConcurrency = Setting(env: "ACCOUNTLINK_WEBHOOK_CONCURRENCY", json: "webhook_concurrency", flag: nil)

    /// docs/webhooks.md, Settings: the retry schedule's multiplier (default 1; tests shorten it), one
    /// attempt's timeout in seconds (default 15) and the attempts in flight per endpoint (default 4).
    func addWebhookSettings(_ configuration: inout ServerConfiguration) throws {
        var policy = EventRetryPolicy()
        if let raw = value(Self.webhookRetryScale) {
            guard let scale = Double(raw), scale > 0, scale <= 1 else {
                throw ConfigurationError(key: name(Self.webhookRetryScale), "expected a number in (0, 1]")
            }
            policy.scale = scale
        }
        if let raw = value(Self.webhookTimeout) {
            guard let seconds = Double(raw), seconds >= 1, seconds <= 15 else {
                throw ConfigurationError(key: name(Self.webhookTimeout), "expected seconds from 1 to 15")
            }
            policy.timeout = seconds
        }
        if let raw = value(Self.webhookConcurrency) {
            guard let count = Int(raw), (1...32).contains(count) else {
                throw ConfigurationError(key: name(Self.webhookConcurrency), "expected 1 to 32")
            }
            policy.perEndpointConcurrency = count
        }
        configuration.webhooks = policy
    }
}
