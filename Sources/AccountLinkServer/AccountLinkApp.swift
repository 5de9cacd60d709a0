import AdminHTTP
import Events
import Foundation
import HTTPServer
import Identity
import Mail
import OAuthCore
import Operations
import Pages
import Support

/// The composition root of the public listener: it builds the route groups, each given only the slice of
/// services its routes use (Routes/), and the middleware chain. The protocol logic lives in OAuthCore and
/// Identity; the groups only translate between HTTP and those values.
public final class AccountLinkApp: Sendable {
    public let runtime: Runtime
    public let metrics: Metrics
    let environment: OAuthEnvironment
    let web: WebContext
    /// nil without `ACCOUNTLINK_SMTP_URL`: mail then stays in the outbox.
    public let outboxWorker: OutboxWorker?
    /// Delivers webhooks and back-channel logout tokens from the event outbox (docs/webhooks.md).
    public let eventWorker: EventWorker
    /// The origins CORS allows (CrossOriginMiddleware).
    let webOrigins: WebOrigins
    let groups: [any RouteGroup]

    public init(runtime: Runtime) throws {
        self.runtime = runtime
        metrics = Metrics(knownPaths: Self.labelled(appFlipPath: runtime.configuration.appFlipPath))
        let configuration = runtime.configuration
        // Security events are counted from the log records that report them (SecurityEvent).
        environment = try runtime.oauthEnvironment(
            throttle: LoginThrottle(),
            logger: runtime.logger.with(label: "oauth").observed(by: SecurityEventCounter(metrics: metrics)),
            executor: runtime.storeRuntime.blockingExecutor)
        let branding = Branding(productName: configuration.productName, logoURL: configuration.logoURL,
                                appleWeb: configuration.apple.servicesID != nil,
                                googleWeb: configuration.google.webEnabled, accentColor: configuration.accentColor,
                                privacyURL: configuration.privacyURL, termsURL: configuration.termsURL)
        web = WebContext(branding: branding, cookiePolicy: CookiePolicy(issuer: configuration.issuer),
                         formCSRF: FormCSRF(masterKey: runtime.masterKey), random: runtime.random, logger: runtime.logger,
                         signUpOpen: configuration.accountMail.signUpOpen)
        webOrigins = WebOrigins(environment: environment, seconds: configuration.clientCacheSeconds)
        let accountFlows: AccountFlowContext
        (accountFlows, outboxWorker) = AccountMailWiring.make(runtime, loginThrottle: environment.loginThrottle)
        eventWorker = EventWiring.worker(runtime)
        groups = Self.groups(runtime, environment: environment, web: web, accountFlows: accountFlows, metrics: metrics)
        // Load (or create) the signing keys now: ID tokens are signed inside storage transactions.
        try runtime.keyRing.refresh()
        metrics.registerStoreGauges(runtime)
    }

    /// Routed paths missing from `paths`: their requests would be counted as `other` on `/metrics` (RoutingTests
    /// keeps this empty).
    public var routesWithoutMetricsLabel: Set<String> {
        var router = Router()
        for group in groups { group.add(to: &router) }
        return router.paths.subtracting(Self.labelled(appFlipPath: runtime.configuration.appFlipPath))
    }

    /// The `route` labels of `/metrics`: the server's own paths and the App Flip link's browser fallback, whose
    /// path the operator chooses (`ACCOUNTLINK_APP_FLIP_PATH`, never one of ours: UniversalLinkRoutes).
    static func labelled(appFlipPath: String) -> Set<String> { paths.union([appFlipPath]) }

    public func responder() -> any HTTPResponder {
        var router = Router()
        for group in groups { group.add(to: &router) }
        let chain = MiddlewareChain([MetricsMiddleware(metrics: metrics), CrossOriginMiddleware(origins: webOrigins),
                                     SignInOriginMiddleware(), LanguageMiddleware(
            cookiePolicy: web.cookiePolicy,
            branding: PageFrame(accentColor: web.branding.accentColor, privacyURL: web.branding.privacyURL,
                                termsURL: web.branding.termsURL))],
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

    /// Periodic upkeep (Operations' `Upkeep`) on the store's own threads (StoreThreads.swift); `serve` cancels the task.
    public func startBackgroundWork(every seconds: UInt64 = 60) -> Task<Void, Never> {
        Upkeep(runtime: runtime, environment: environment).start(every: seconds, on: runtime.storeRuntime.blockingExecutor)
    }
}
