import Foundation
import HTTPServer
import OAuthCore
import Pages
import Support

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

/// What every route group that answers with pages shares: the maker's branding, the cookie policy, the
/// pre-session form CSRF, randomness for a new form cookie, the logger, and whether sign-up is open.
struct WebContext: Sendable {
    let branding: Branding
    let cookiePolicy: CookiePolicy
    /// CSRF of the forms shown before a session exists.
    let formCSRF: FormCSRF
    let random: any RandomSource
    let logger: Logger
    let signUpOpen: Bool
}

/// A route group (docs/architecture.md: small route groups, each given only the slice of services it
/// uses). `add(to:)` registers its routes.
protocol RouteGroup: Sendable {
    func add(to router: inout Router)
}

/// A route group that answers with pages: the shared helpers (EndpointMapping.swift, FormPages.swift,
/// PageContext.swift) read the `WebContext`.
protocol WebRoutes: RouteGroup {
    var web: WebContext { get }
}

extension WebRoutes {
    var branding: Branding { web.branding }
    var cookiePolicy: CookiePolicy { web.cookiePolicy }
    var formCSRF: FormCSRF { web.formCSRF }
    var logger: Logger { web.logger }
    var signUpOpen: Bool { web.signUpOpen }
}

/// The signed-in person of an account-page request, with the posted form once its CSRF token checked.
enum SignedIn {
    case person(Session, Account, FormParameters)
    /// Not signed in (a redirect to the login page), a failed CSRF check, or the store unreachable.
    case answer(HTTPResponse)
}

/// A route group whose pages need the browser's session (the account page and its forms, `POST /logout`).
protocol SessionRoutes: WebRoutes {
    var environment: OAuthEnvironment { get }
}

extension SessionRoutes {
    /// The session behind the cookie; for a form (`csrfPurpose` given) also its CSRF token.
    func signedIn(_ request: HTTPRequest, csrfPurpose: String? = nil) -> SignedIn {
        let sessions = WebSessions(environment: environment)
        let found: (Session, Account)?
        do {
            found = try sessions.session(cookie: request.cookies[CookiePolicy.sessionName])
        } catch {
            return .answer(errorPage(status: 503, .problemServer, .msgTryAgain))
        }
        guard let (session, account) = found else {
            return .answer(HTTPResponse.redirect(to: "/login?next=%2Faccount", status: 303).noStore())
        }
        // "Last used" on the account page; at most one write per session in `WebSessions.useGranularity`.
        try? sessions.noteUse(session)
        let form = request.form ?? FormParameters()
        if let csrfPurpose, !sessions.checkCSRF(form["csrf_token"], session, purpose: csrfPurpose) {
            return .answer(errorPage(status: 403, .problemSignIn, .msgFormExpired))
        }
        return .person(session, account, form)
    }

    func answer(_ check: SignedIn) -> HTTPResponse {
        if case .answer(let response) = check { return response }
        return HTTPResponse.redirect(to: "/account", status: 303).noStore()
    }
}
