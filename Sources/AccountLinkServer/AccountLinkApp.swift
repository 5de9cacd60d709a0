import Foundation
import Events
import HTTPServer
import Identity
import Mail
import OAuthCore
import Pages
import Support
import Synchronization

/// What the pages show of the maker, and which sign-in buttons exist.
struct Branding: Sendable {
    let productName: String
    let logoURL: String?
    let appleWeb: Bool
    let googleWeb: Bool
    /// docs/pages.md: the accent colour and the maker's policies in every page's footer.
    var accentColor: String?
    var privacyURL: String?
    var termsURL: String?

    func appleSignInURL(_ interactionID: String?) -> String? { appleWeb ? Self.url("/login/apple", interactionID) : nil }

    func googleSignInURL(_ interactionID: String?) -> String? {
        googleWeb ? Self.url("/login/google", interactionID) : nil
    }

    private static func url(_ path: String, _ interactionID: String?) -> String {
        path + (interactionID.map { "?interaction=" + FormEncoding.encodeComponent($0) } ?? "")
    }
}

/// Wiring: routes → endpoints, cookies, CSRF, security headers. The protocol logic lives in
/// OAuthCore and Identity; this type only translates between HTTP and those values.
public final class AccountLinkApp: Sendable {
    public let runtime: Runtime
    public let metrics: Metrics
    let environment: OAuthEnvironment
    let branding: Branding
    let cookiePolicy: CookiePolicy
    /// CSRF of the forms shown before a session exists.
    let formCSRF: FormCSRF
    /// The discovery document as last rendered, with the signing algorithms it lists.
    let discoveryCache = Mutex<(algorithms: [String], response: HTTPResponse)?>(nil)
    /// Sign-up, email and password flows and their mail (docs/accounts-and-email.md).
    let accountFlows: AccountFlowContext
    /// nil without `ACCOUNTLINK_SMTP_URL`: mail then stays in the outbox.
    public let outboxWorker: OutboxWorker?
    /// Delivers webhooks and back-channel logout tokens from the event outbox (docs/webhooks.md).
    public let eventWorker: EventWorker
    /// The origins CORS allows (CrossOriginMiddleware).
    let webOrigins: WebOrigins

    public init(runtime: Runtime) throws {
        self.runtime = runtime
        metrics = Metrics(knownPaths: Self.paths)
        let configuration = runtime.configuration
        // Security events are counted from the log records that report them (SecurityEvent).
        environment = try runtime.oauthEnvironment(
            throttle: LoginThrottle(),
            logger: runtime.logger.with(label: "oauth").observed(by: SecurityEventCounter(metrics: metrics)))
        branding = Branding(productName: configuration.productName, logoURL: configuration.logoURL,
                            appleWeb: configuration.apple.servicesID != nil,
                            googleWeb: configuration.google.webEnabled, accentColor: configuration.accentColor,
                            privacyURL: configuration.privacyURL, termsURL: configuration.termsURL)
        cookiePolicy = CookiePolicy(issuer: configuration.issuer)
        formCSRF = FormCSRF(masterKey: runtime.masterKey)
        webOrigins = WebOrigins(environment: environment, seconds: configuration.clientCacheSeconds)
        (accountFlows, outboxWorker) = AccountMailWiring.make(runtime, loginThrottle: environment.loginThrottle)
        eventWorker = EventWiring.worker(runtime)
        // Load (or create) the signing keys now: ID tokens are signed inside storage transactions.
        try runtime.keyRing.refresh()
        registerGauges()
    }

    static let paths: Set<String> = Set([
        "/healthz", "/metrics", "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server",
        "/authorize", "/authorize/consent", "/authorize/switch", "/token", "/revoke", "/introspect", "/userinfo",
        "/jwks.json", "/app-flip/authorize", "/apple/notifications", "/login", "/logout", "/account",
        "/account/unlink", "/account/delete", "/account/delete/confirm", "/login/apple", "/login/apple/callback", "/account/methods/remove", "/login/google", "/login/google/callback",
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json",
        "/google/risc", "/", "/authorize/resume", BrandingRoutes.logoPath,
    ]).union(accountMailPaths).union(appAccountPaths).union(lifecyclePaths).union(passkeyPaths)

    public func responder() -> any HTTPResponder {
        var router = Router()
        router.add("GET", "/healthz") { [self] in await healthz($0) }
        if !runtime.configuration.metricsOnAdmin { router.add("GET", "/metrics") { [self] in metricsPage($0) } }
        router.add("GET", "/jwks.json") { [self] in jwks($0) }
        router.add("GET", "/.well-known/openid-configuration") { [self] in await discovery($0) }
        router.add("GET", "/.well-known/oauth-authorization-server") { [self] in await discovery($0) }
        router.add("GET", "/authorize") { [self] in await authorize($0) }
        router.add("POST", "/authorize/consent") { [self] in await consent($0) }
        router.add("GET", "/authorize/switch") { [self] in await switchAccount($0) }
        router.add("POST", "/token") { [self] in await token($0) }
        router.add("POST", "/revoke") { [self] in await revoke($0) }
        router.add("POST", "/introspect") { [self] in await introspect($0) }
        router.add("GET", "/userinfo") { [self] in await userinfo($0) }
        router.add("POST", "/userinfo") { [self] in await userinfo($0) }
        router.add("POST", "/app-flip/authorize") { [self] in await appFlip($0) }
        router.add("POST", "/apple/notifications") { [self] in await appleNotification($0) }
        router.add("POST", "/google/risc") { [self] in await googleRisc($0) }
        router.add("GET", "/login/apple") { [self] in await appleWebStart($0) }
        router.add("POST", "/login/apple/callback") { [self] in await appleWebCallback($0) }
        router.add("GET", "/login/google") { [self] in await googleWebStart($0) }
        router.add("GET", "/login/google/callback") { [self] in await googleWebCallback($0) }
        router.add("POST", "/account/delete/confirm") { [self] in await deleteConfirm($0) }
        router.add("GET", "/login") { [self] in await loginForm($0) }
        router.add("POST", "/login") { [self] in await loginSubmit($0) }
        router.add("POST", "/logout") { [self] in await logout($0) }
        router.add("GET", "/logout") { [self] in await endSession($0) }
        router.add("GET", "/account") { [self] in await accountPage($0) }
        router.add("POST", "/account/unlink") { [self] in await unlink($0) }
        router.add("POST", "/account/methods/remove") { [self] in await removeMethod($0) }
        router.add("GET", "/account/delete/confirm") { [self] in await deleteConfirm($0) }
        router.add("POST", "/account/delete") { [self] in await deleteAccount($0) }
        addUniversalLinkRoutes(to: &router)
        addAccountMailRoutes(to: &router)
        addLifecycleRoutes(to: &router)
        addAppAccountRoutes(to: &router)
        addPasskeyRoutes(to: &router)
        addPasskeyWebRoutes(to: &router)
        addPageRoutes(to: &router)
        let chain = MiddlewareChain([MetricsMiddleware(metrics: metrics), CrossOriginMiddleware(origins: webOrigins),
                                     SignInOriginMiddleware(), LanguageMiddleware(
            cookiePolicy: cookiePolicy,
            branding: PageFrame(accentColor: branding.accentColor, privacyURL: branding.privacyURL,
                                termsURL: branding.termsURL))],
                               responder: router)
        return StoreThreadsResponder.wrap(chain, runtime: runtime.storeRuntime)
    }

    /// The admin API's responder when `ACCOUNTLINK_ADMIN_LISTEN` is set (docs/operations.md, Admin API).
    public func adminResponder() -> (any HTTPResponder)? {
        guard let admin = runtime.configuration.admin else { return nil }
        let api = AdminAPI(runtime: runtime, token: admin.token,
                           metrics: runtime.configuration.metricsOnAdmin ? metrics : nil)
        return StoreThreadsResponder.wrap(
            MiddlewareChain([MetricsMiddleware(metrics: metrics, listener: "admin")], responder: api),
            runtime: runtime.storeRuntime)
    }

    /// The password grant's and the web's `link_token`: links a pending Apple/Google identity.
    func linkIdentity(linkToken: String, accountID: String) throws {
        guard let redeemer = environment.linkTokenRedeemer else {
            throw OAuthError.invalidRequest("account linking is not enabled on this server").because(.accountUnavailable)
        }
        try redeemer.redeem(linkToken: linkToken, accountID: accountID)
    }
}
