// OAuthCore: the protocol core as pure values and functions (docs/architecture.md rule 2). No HTTP, no C.
//
// The HTTP layer builds one `OAuthEnvironment` at start-up and maps routes as follows:
//
// | route | call | answer |
// |---|---|---|
// | GET /authorize | `AuthorizationFlow.handle(.authorizeRequest(query, sessionID:))` | `[InteractionAction]` |
// | POST login form | `AuthorizationFlow.handle(.loginSubmitted(…))` | `[InteractionAction]` |
// | POST consent form | `AuthorizationFlow.handle(.consentSubmitted(…))` | `[InteractionAction]` |
// | POST switch account | `AuthorizationFlow.handle(.switchAccount(…))` | `[InteractionAction]` |
// | POST /token | `TokenEndpoint.handle(TokenRequest)` | `EndpointResponse` |
// | POST /revoke | `RevocationEndpoint.handle(TokenRequest)` | `EndpointResponse` |
// | POST /introspect | `IntrospectionEndpoint.handle(TokenRequest)` | `EndpointResponse` |
// | GET /userinfo | `UserInfoEndpoint.handle(authorization:)` | `EndpointResponse` |
// | POST /app-flip/authorize | `AppFlipEndpoint.handle(AppFlipRequest)` | `EndpointResponse` |
// | GET /.well-known/… | `DiscoveryDocument.response(configuration)` | `EndpointResponse` |
// | account page | `LinkedServices.list(accountID:)`, `.unlink(grantID:accountID:)` | values |
// | timer | `purgeExpired(now:environment:)` | rows removed |
//
// `InteractionAction`s are performed in order: `.setSession` / `.clearSession` (cookie),
// `.showLogin` / `.showConsent` / `.showError` (render the page model; the page's form must post
// back its `interactionID` and `csrfToken`), `.redirect` (302 Location).
// `EndpointResponse.json` carries its exact status, headers (no-store etc.) and body bytes.
//
// Hooks other modules implement: `PasswordVerifier`, `IDTokenSigner`, `LinkTokenRedeemer`,
// `TokenExchangeHandler` (Configuration/Hooks.swift).
