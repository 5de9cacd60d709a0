import AppFlipKit
import HTTPServer
import OAuthCore
import Support

extension AccountLinkApp {
    /// The association files and the App Flip link's browser fallback (docs/app-flip-ios.md §1).
    func addUniversalLinkRoutes(to router: inout Router) {
        router.add("GET", "/.well-known/apple-app-site-association") { [self] in appleAppSiteAssociation($0) }
        router.add("GET", "/.well-known/assetlinks.json") { [self] in assetLinks($0) }
        let appFlipPath = runtime.configuration.appFlipPath
        // A path of our own (e.g. /authorize) would be replaced by the fallback and loop on itself.
        guard !Self.paths.contains(appFlipPath) else {
            runtime.logger.error("ACCOUNTLINK_APP_FLIP_PATH names one of the server's own paths; no browser fallback",
                                 ["app_flip.path": appFlipPath])
            return
        }
        router.add("GET", appFlipPath) { [self] in appFlipLinkInBrowser($0) }
    }

    /// Served as `application/json` at the exact path, never redirected (Apple fetches it through
    /// its CDN and refuses redirects).
    func appleAppSiteAssociation(_ request: HTTPRequest) -> HTTPResponse {
        let configuration = runtime.configuration
        let document = UniversalLinkDocuments.appleAssociation(
            appIDs: configuration.appleAppIDs, appFlipPath: configuration.appFlipPath)
        return HTTPResponse.json(200, document).adding("Cache-Control", "public, max-age=3600")
    }

    func assetLinks(_ request: HTTPRequest) -> HTTPResponse {
        let configuration = runtime.configuration
        let statements = UniversalLinkDocuments.assetLinks(
            package: configuration.androidPackage, fingerprints: configuration.androidCertFingerprints)
        return HTTPResponse.json(200, statements).adding("Cache-Control", "public, max-age=3600")
    }

    /// `GET <appFlipPath>?client_id&scope&state&redirect_uri` in a browser: on to `/authorize`.
    func appFlipLinkInBrowser(_ request: HTTPRequest) -> HTTPResponse {
        let storage = runtime.storage
        let fallback = AppFlipBrowserFallback(
            authorizationEndpoint: runtime.configuration.issuerString + "/authorize",
            lookUpClient: { try storage.client(id: $0) })
        // The link's query as App Flip sends it (RFC 3986: a `+` is a plus, `AppFlipQuery`).
        let link = (try? AppFlipQuery.parse(request.rawQuery)).map(FormParameters.init)
        switch fallback.decide(link) {
        case .authorize(let location):
            return HTTPResponse.redirect(to: location).noStore()
        case .refuse(let reason):
            return errorPage(status: 400, code: "invalid_request", reason: reason)
        case .unavailable:
            return errorPage(status: 503, .problemServer, .msgTryAgain)
        }
    }
}
