import Foundation
import StorePostgres

/// Store settings (docs/performance.md, PostgreSQL): the PostgreSQL pool, how long rotated refresh tokens
/// are kept for reuse detection, and how long client authentication may answer from its cache.
extension ConfigurationLoader {
    static let postgresPoolSize = Setting(
        env: "ACCOUNTLINK_POSTGRES_POOL_SIZE", json: "postgres_pool_size", flag: nil)
    static let refreshReuseWindow = Setting(
        env: "ACCOUNTLINK_REFRESH_REUSE_WINDOW", json: "refresh_reuse_window", flag: nil)
    static let clientCacheSeconds = Setting(
        env: "ACCOUNTLINK_CLIENT_CACHE_SECONDS", json: "client_cache_seconds", flag: nil)

    /// Read whatever the database is, so both are known to the strict check of unknown settings.
    func addStoreSettings(_ configuration: inout ServerConfiguration) throws {
        configuration.postgresPoolSize = try parseInt(
            Self.postgresPoolSize, default: PostgresStorage.defaultPoolSize, range: 1...500)
        // At least an hour: never shorter than the rotation grace period (OAuthConfiguration, 60 s).
        configuration.refreshReuseWindow = try parseInt(
            Self.refreshReuseWindow, default: ServerConfiguration.defaultRefreshReuseWindow, range: 3600...31_536_000)
        // At most a minute: a client deleted by the CLI or another instance must stop working soon.
        configuration.clientCacheSeconds = try parseInt(Self.clientCacheSeconds, default: 1, range: 0...60)
    }
}
