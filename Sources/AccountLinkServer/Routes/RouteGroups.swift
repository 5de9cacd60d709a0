import HTTPServer
import Identity
import OAuthCore
import Operations

extension AccountLinkApp {
    /// Every route template the public listener knows: the `route` label of `/metrics` (anything else is
    /// `other`, so the label's cardinality stays bounded) and the paths App Flip's link may not take.
    static let paths: Set<String> = [
        "/healthz", "/metrics", "/jwks.json", "/.well-known/openid-configuration", "/.well-known/oauth-authorization-server",
        "/authorize", "/authorize/consent", "/authorize/switch", "/authorize/resume", "/token", "/revoke", "/introspect",
        "/userinfo", "/app-flip/authorize", "/apple/notifications", "/google/risc", "/login", "/logout", "/login/apple",
        "/login/apple/callback", "/login/google", "/login/google/callback", "/account", "/account/unlink",
        "/account/delete", "/account/delete/confirm", "/account/methods/remove", "/.well-known/apple-app-site-association",
        "/.well-known/assetlinks.json", "/", PageRoutes.logoPath,
        // The account mails' pages and the account page's forms (docs/accounts-and-email.md).
        "/signup", "/signup/passkey/options", "/signup/passkey", "/api/signup", "/verify-email", "/password/forgot", "/password/reset", "/api/password/forgot",
        "/account/password", "/account/email", "/account/verify-email/resend", "/verify-email/not-me",
        "/email-change/cancel", "/account/sign-out-everywhere", "/account/sign-ins/end",
        // The app's account API (README "The app's API").
        "/api/account", "/api/account/identities", "/api/account/identities/remove", "/api/logout",
        "/api/account/sign-out-everywhere", "/api/account/upgrade/apple", "/api/account/password",
        // Passkeys (README, Passkeys).
        "/api/passkeys/registration/options", "/api/passkeys/registration", "/api/passkeys/authentication/options",
        "/api/passkeys/authentication", "/api/signup/passkey/options", "/api/signup/passkey",
        "/login/passkey/options", "/login/passkey", "/account/passkeys", "/account/passkeys/options",
        "/account/passkeys/rename", "/account/passkeys/remove", "/static/passkey.js",
    ]

    /// The route groups, each given only what its routes use.
    static func groups(_ runtime: Runtime, environment: OAuthEnvironment, web: WebContext,
                       accountFlows: AccountFlowContext, metrics: Metrics) -> [any RouteGroup] {
        let configuration = runtime.configuration
        let identity = runtime.identity
        // The loader always sets the relying party (ConfigurationLoader+Passkeys.swift).
        let passkeys = PasskeyContext(
            storage: runtime.storage, clock: runtime.clock, random: runtime.random, relyingParty: configuration.passkeys!,
            relyingPartyName: web.branding.productName, unprovenMaySignIn: accountFlows.signUpMode != .verifyFirst)
        let appAccount = AppAccountAPI(environment: environment, signIn: identity.signIn, check: identity.tokenCheck)
        let issuer = configuration.issuerString
        return [
            HealthRoutes(storage: runtime.storage, keyRing: runtime.keyRing, logger: runtime.logger, metrics: metrics,
                         servesMetrics: !configuration.metricsOnAdmin),
            ProtocolRoutes(web: web, environment: environment, metrics: metrics, keyRing: runtime.keyRing, issuer: issuer,
                           discoveryEndpoint: DiscoveryEndpoint(environment: environment, keyRing: runtime.keyRing)),
            LoginRoutes(web: web, environment: environment, metrics: metrics, passkeys: passkeys),
            ProviderSignInRoutes(web: web, environment: environment, identity: identity, apple: configuration.apple,
                                 google: configuration.google, issuer: issuer,
                                 webSignInStates: WebSignInStates(storage: runtime.storage, clock: runtime.clock,
                                                                  random: runtime.random)),
            AccountPageRoutes(web: web, environment: environment, accountFlows: accountFlows, signIn: identity.signIn,
                              deletion: identity.deletion, passkeys: passkeys, appAccount: appAccount),
            AccountMailRoutes(web: web, environment: environment, accountFlows: accountFlows, passkeys: passkeys,
                              metrics: metrics),
            AppAPIRoutes(web: web, environment: environment, accountFlows: accountFlows, appAccount: appAccount,
                         passkeys: passkeys, metrics: metrics),
            ProviderEventRoutes(notifications: identity.notifications, risc: identity.risc, metrics: metrics),
            UniversalLinkRoutes(web: web, storage: runtime.storage, issuer: issuer, appleAppIDs: configuration.appleAppIDs,
                                appFlipPath: configuration.appFlipPath, androidPackage: configuration.androidPackage,
                                androidCertFingerprints: configuration.androidCertFingerprints),
            PageRoutes(web: web, environment: environment, logoFile: configuration.logoFile),
        ]
    }
}
