import Foundation
import HTTPServer
import OAuthCore
import Pages
import Settings

/// The pages that are not part of a flow (docs/pages.md): the landing page at `/`, the HTML 404 for
/// unknown paths, the maker's logo when it is a local file, and a pending request shown again in
/// another language.
struct PageRoutes: WebRoutes {
    /// Where a local logo file (`ACCOUNTLINK_LOGO_URL` = a file path) is served.
    static let logoPath = ServerConfiguration.LogoFile.path

    let web: WebContext
    let environment: OAuthEnvironment
    /// The logo read at start from a local file (`ServerConfiguration.logoFile`).
    let logoFile: ServerConfiguration.LogoFile?

    func add(to router: inout Router) {
        router.add("GET", "/") { [self] in landing($0, notFound: false) }
        router.add("GET", "/authorize/resume") { [self] in await resume($0) }
        router.add("GET", Self.logoPath) { [self] in logo($0) }
        router.notFound = { [self] in landing($0, notFound: true) }
    }
}

extension PageRoutes {
    /// `GET /` (200) and any unknown path (404), in the person's language.
    func landing(_ request: HTTPRequest, notFound: Bool) -> HTTPResponse {
        let page = LandingPage(productName: branding.productName, logoURL: branding.logoURL, locale: pageLocale(),
                               notFound: notFound)
        return .html(notFound ? 404 : 200, page.render())
    }

    /// `GET /authorize/resume?interaction=ID`: the language switch of the login and consent pages.
    func resume(_ request: HTTPRequest) async -> HTTPResponse {
        let flow = AuthorizationFlow(environment: environment)
        return http(flow.handle(.resume(interactionID: request.query["interaction"] ?? "",
                                        sessionID: request.cookies[CookiePolicy.sessionName])))
    }

    /// The maker's logo read at start from a local file (`ServerConfiguration.logoFile`).
    func logo(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = logoFile else { return landing(request, notFound: true) }
        return HTTPResponse(status: 200, headers: ["Content-Type": file.contentType, "Cache-Control": "public, max-age=3600"],
                            body: file.bytes)
    }
}
