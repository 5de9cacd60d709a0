import AppFlipKit
import HTTPServer
import OAuthCore
import Support

/// The association files and the App Flip link's browser fallback (docs/app-flip-ios.md §1); the documents
/// are OAuthCore's `UniversalLinkDocuments`, the fallback's rules `AppFlipBrowserFallback`.
struct UniversalLinkRoutes: WebRoutes {
    let web: WebContext
    let storage: any ClientStore & Sendable
    let issuer: String
    let appleAppIDs: [String]
    let appFlipPath: String
    let androidPackage: String?
    let androidCertFingerprints: [String]

    func add(to router: inout Router) {
        router.add("GET", "/.well-known/apple-app-site-association") { [self] in appleAppSiteAssociation($0) }
        router.add("GET", "/.well-known/assetlinks.json") { [self] in assetLinks($0) }
        // A path of our own (e.g. /authorize) would be replaced by the fallback and loop on itself.
        guard !AccountLinkApp.paths.contains(appFlipPath) else {
            logger.error("ACCOUNTLINK_APP_FLIP_PATH names one of the server's own paths; no browser fallback",
                         ["app_flip.path": appFlipPath])
            return
        }
        router.add("GET", appFlipPath) { [self] in appFlipLinkInBrowser($0) }
    }
}

extension UniversalLinkRoutes {
    /// Served as `application/json` at the exact path, never redirected (Apple fetches it through
    /// its CDN and refuses redirects).
    func appleAppSiteAssociation(_ request: HTTPRequest) -> HTTPResponse {
        let document = UniversalLinkDocuments.appleAssociation(appIDs: appleAppIDs, appFlipPath: appFlipPath)
        return HTTPResponse.json(200, document).adding("Cache-Control", "public, max-age=3600")
    }

    func assetLinks(_ request: HTTPRequest) -> HTTPResponse {
        let statements = UniversalLinkDocuments.assetLinks(package: androidPackage, fingerprints: androidCertFingerprints)
        return HTTPResponse.json(200, statements).adding("Cache-Control", "public, max-age=3600")
    }

    /// `GET <appFlipPath>?client_id&scope&state&redirect_uri` in a browser: on to `/authorize`.
    func appFlipLinkInBrowser(_ request: HTTPRequest) -> HTTPResponse {
        let fallback = AppFlipBrowserFallback(
            authorizationEndpoint: issuer + "/authorize",
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
