import Foundation
import HTTPServer
import OAuthCore
import Pages
import Support

/// What one request tells about the page language and the language switch (docs/pages.md), set by
/// `LanguageMiddleware` for the duration of the request so every page and error page reads it.
struct PageContext: Sendable {
    /// The explicit choice, remembered for a year.
    static let cookieName = "al_lang"
    @TaskLocal static var current = PageContext()

    /// `?lang=` on this request, else the cookie.
    var explicit: String?
    /// `ui_locales` or `user_locale` on this request's query (GET /authorize).
    var requested: String?
    var acceptLanguage: String?
    /// This page again by GET, without `lang` (the home page for a POST answer).
    var switchURL = "/"

    init() {}

    init(request: HTTPRequest) {
        explicit = LanguageChoice.supported(request.query["lang"]) ?? request.cookies[Self.cookieName]
        requested = AuthorizationRequest.requestedLocale(request.query)
        acceptLanguage = request.header("Accept-Language")
        if request.method == "GET" || request.method == "HEAD" {
            let kept = FormParameters(request.query.pairs.filter { $0.name != "lang" })
            switchURL = request.path + (kept.pairs.isEmpty ? "" : "?" + kept.encoded)
        }
        // A provider's sign-in start or callback runs once; its pages switch language on /login.
        if request.path.hasPrefix("/login/") { switchURL = "/login" }
    }

    /// The page language: explicit choice, then `requested` (a pending request's own
    /// `ui_locales`/`user_locale`) or this request's, then `Accept-Language`, then English.
    func tag(requested stored: String? = nil) -> String {
        LanguageChoice(explicit: explicit, requested: stored ?? requested, acceptLanguage: acceptLanguage).tag
    }
}

/// Sets `PageContext.current` and `PageFrame.current` (the maker's branding, this page's language
/// switch) and remembers a language picked with the switch (`?lang=TAG`).
struct LanguageMiddleware: HTTPMiddleware {
    let cookiePolicy: CookiePolicy
    /// The maker's accent colour and policy links.
    let branding: PageFrame

    func respond(to request: HTTPRequest, next: any HTTPResponder) async -> HTTPResponse {
        let context = PageContext(request: request)
        var frame = branding
        frame.languageSwitchURL = context.switchURL
        var response = await PageContext.$current.withValue(context) {
            await PageFrame.$current.withValue(frame) { await next.respond(to: request) }
        }
        if let chosen = LanguageChoice.supported(request.query["lang"]) {
            let year = Date(timeIntervalSinceNow: 365 * 86_400)
            response.headers.add("Set-Cookie", cookiePolicy.set(PageContext.cookieName, chosen, expires: year))
        }
        return response
    }
}

extension WebRoutes {
    /// The language of the page being answered (`requested`: a pending request's `ui_locales`).
    func pageLocale(_ requested: String? = nil) -> String { PageContext.current.tag(requested: requested) }

    /// This request's page frame with the language switch pointing at `switchURL`.
    func pageFrame(switchURL: String) -> PageFrame {
        var frame = PageFrame.current
        frame.languageSwitchURL = switchURL
        return frame
    }

    /// The language switch of a pending authorization request: the same request, shown again.
    static func resumeURL(_ interactionID: String) -> String {
        "/authorize/resume?" + FormParameters([("interaction", interactionID)]).encoded
    }
}
