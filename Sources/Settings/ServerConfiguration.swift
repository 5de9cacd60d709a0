import WebAuthn
import Events
import Foundation
import StorePostgres

/// The whole configuration as one validated, immutable value (docs/architecture.md rule 8), loaded once from
/// the JSON file, the environment and the flags (flags win, then the environment, then the file), with
/// the names of README.md, Configuration. Each component receives only its slice.
public struct ServerConfiguration: Sendable, Equatable {
    public enum Database: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(url: String)
    }

    public struct Apple: Sendable, Equatable {
        public var clientIDs: [String]
        public var teamID: String?
        public var keyID: String?
        public var privateKeyFile: String?
        public var baseURL: URL
        /// The Services ID for Sign in with Apple on the web (`ACCOUNTLINK_APPLE_SERVICES_ID`); nil: web button off.
        public var servicesID: String?
        /// Sign in with Apple is on when at least one `aud` is accepted.
        public var enabled: Bool { !clientIDs.isEmpty }
        /// Code exchange and revocation need the ES256 client secret's three parts.
        public var canCallApple: Bool { teamID != nil && keyID != nil && privateKeyFile != nil }
    }

    public struct Google: Sendable, Equatable {
        public var clientIDs: [String]
        /// When not empty, a Google token's `hd` must be one of these (ACCOUNTLINK_GOOGLE_HOSTED_DOMAINS).
        public var hostedDomains: [String]
        public var jwksURL: URL
        /// Google Sign-In on the web: the OAuth web client and Google's endpoints (code flow + PKCE).
        public var webClientID: String?
        public var webClientSecret: String?
        public var authorizationURL: URL
        public var tokenURL: URL
        /// Cross-Account Protection: Google's RISC discovery document (issuer, jwks_uri).
        public var riscConfigurationURL: URL
        /// Where stored offline-access refresh tokens are revoked.
        public var revokeURL: URL
        public var enabled: Bool { !clientIDs.isEmpty }
        public var webEnabled: Bool { webClientID != nil && webClientSecret != nil }
    }

    public var listenHost: String
    public var listenPort: Int
    public var issuer: URL
    public var database: Database
    /// nil only until `MasterKey.resolve` fills it in (SQLite may generate one on first start).
    public var masterKey: [UInt8]?
    public var apple: Apple
    public var google: Google
    /// Maker branding on the consent page, and its authorization statement (Google's rules).
    public var productName: String
    public var logoURL: String?
    /// The logo when `ACCOUNTLINK_LOGO_URL` names a local file: read at start, served by us.
    public var logoFile: LogoFile?
    /// `ACCOUNTLINK_CONSENT_STATEMENT`; nil: each page language's own statement.
    public var consentStatement: String?
    /// Universal links: `TEAMID.bundle.id` values for apple-app-site-association, and the App Flip path.
    public var appleAppIDs: [String]
    public var appFlipPath: String
    /// Android App Links: package name and SHA-256 certificate fingerprints for assetlinks.json.
    public var androidPackage: String?
    public var androidCertFingerprints: [String]
    /// Lifetimes in seconds.
    public var accessTokenLifetime: Int
    public var logLevel: String
    /// Sign-up, email and outgoing mail (README.md, Configuration).
    public var accountMail: AccountMailSettings = AccountMailSettings()
    /// Passkeys' relying party: `ACCOUNTLINK_PASSKEY_RP_ID` and `ACCOUNTLINK_PASSKEY_ORIGINS`, checked at
    /// start (ConfigurationLoader+Passkeys.swift); nil only before the loader sets it.
    public var passkeys: RelyingParty? = nil
    /// Webhook and back-channel logout delivery (ConfigurationLoader+Webhooks.swift, docs/webhooks.md).
    public var webhooks: EventRetryPolicy = EventRetryPolicy()

    /// The admin API's listener and Bearer token, both or neither (docs/operations.md, Admin API).
    public var admin: Admin? = nil
    /// Peers whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (exact addresses).
    public var trustedProxies: [String] = []
    /// `/metrics` on the admin listener instead of the public one.
    public var metricsOnAdmin = false

    public struct Admin: Sendable, Equatable {
        public var host: String
        public var port: Int
        public var token: String
    }

    /// docs/pages.md: the pages' accent colour (`#rrggbb`) and the maker's policy links.
    public var accentColor: String?
    public var privacyURL: String?
    public var termsURL: String?

    /// A local logo image and its media type.
    public struct LogoFile: Sendable, Equatable {
        public var bytes: [UInt8]
        public var contentType: String
        /// Where the server serves a local logo (BrandingRoutes).
        public static let path = "/branding/logo"
    }

    /// docs/performance.md, PostgreSQL: connections (and threads calling libpq) per instance with PostgreSQL
    /// (`ACCOUNTLINK_POSTGRES_POOL_SIZE`; PostgresStorage.defaultPoolSize).
    public var postgresPoolSize = PostgresStorage.defaultPoolSize
    /// Seconds a rotated refresh token is kept so that its reuse revokes the grant
    /// (`ACCOUNTLINK_REFRESH_REUSE_WINDOW`; RefreshHistoryStore).
    public var refreshReuseWindow = ServerConfiguration.defaultRefreshReuseWindow
    public static let defaultRefreshReuseWindow = 7 * 24 * 3600
    /// Seconds client authentication may answer from its cache of clients (`ACCOUNTLINK_CLIENT_CACHE_SECONDS`;
    /// OAuthCore's ClientCache); 0 turns it off.
    public var clientCacheSeconds = 1

    public var listenDescription: String { "\(listenHost):\(listenPort)" }

    public var issuerString: String {
        var text = issuer.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

/// `ACCOUNTLINK_SMTP_URL`, `ACCOUNTLINK_MAIL_FROM`, `ACCOUNTLINK_SIGNUP`, `ACCOUNTLINK_SIGNUP_MODE`.
public struct AccountMailSettings: Sendable, Equatable {
    /// nil: mail stays in the outbox (`accountlink mail list`).
    public var smtpURL: String?
    /// STARTTLS is required (smtp:// to a host that is not loopback).
    public var smtpRequiresTLS: Bool = true
    /// nil until built: `no-reply@` + the issuer's host.
    public var from: String = ""
    public var signUpOpen: Bool = true
    /// `ACCOUNTLINK_SIGNUP_MODE=verify-first`: nobody is signed in by sign-up until the address is proven.
    public var signUpVerifiesFirst: Bool = false
    /// A PEM file of the CA(s) to trust for the SMTP server's certificate instead of the system's.
    public var smtpCAFile: String?

    public init() {}
}
