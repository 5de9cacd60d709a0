import HTTPServer
import OAuthCore
import Operations

/// The OAuth 2.0 and OpenID Connect endpoints (RFC 6749, RFC 7009, RFC 7662, OIDC Core, Discovery,
/// RP-Initiated Logout) and App Flip's: each request parsed, handed to OAuthCore's endpoint or state
/// machine, and its answer written as HTTP (AuthorizeRoutes.swift, TokenRoutes.swift, EndSessionRoutes.swift).
struct ProtocolRoutes: WebRoutes {
    let web: WebContext
    let environment: OAuthEnvironment
    let metrics: Metrics
    let keyRing: SigningKeyRing
    let issuer: String
    let discoveryEndpoint: DiscoveryEndpoint

    func add(to router: inout Router) {
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
        router.add("GET", "/logout") { [self] in await endSession($0) }
    }
}
