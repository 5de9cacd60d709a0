import Foundation
import Support

/// What the browser did, as the HTTP layer parsed it (docs/architecture.md rule 12).
public enum InteractionEvent: Sendable {
    /// `GET /authorize` with its query, plus the raw session cookie value if any.
    case authorizeRequest(FormParameters, sessionID: String?)
    /// The login form: `email`, `password` and the hidden CSRF field. `clientAddress` feeds throttling.
    case loginSubmitted(
        interactionID: String, email: String, password: String, csrf: String?,
        clientAddress: String?)
    /// The consent form: `decision` is the pressed button's value, `allow` or `deny` (docs/pages.md).
    case consentSubmitted(interactionID: String, decision: String?, csrf: String?)
    /// "Not you? Switch account": forget the signed-in account and the session, show login again.
    case switchAccount(interactionID: String, csrf: String?, sessionID: String?)
    /// The person signed in another way (Sign in with Apple on the web) while this request waited;
    /// the HTTP layer has already verified that sign-in, so no CSRF token is involved.
    case signedInElsewhere(interactionID: String, accountID: String)
    /// The same pending request shown again (the language switch): its consent page when this
    /// browser's session is the interaction's account, else its login page. Changes nothing.
    case resume(interactionID: String, sessionID: String?)
}

/// The session cookie to set: `value` is the raw session id (only its hash is stored).
public struct SessionCookie: Sendable, Equatable {
    public var value: String
    public var expiresAt: Date

    public init(value: String, expiresAt: Date) {
        self.value = value
        self.expiresAt = expiresAt
    }
}

/// What the HTTP layer must do, in order.
public enum InteractionAction: Sendable, Equatable {
    case setSession(SessionCookie)
    case clearSession
    case showLogin(LoginPage)
    case showConsent(ConsentPage)
    case showError(ErrorPage)
    /// 302 to this URL (only ever a registered redirect URI).
    case redirect(String)
    /// `response_mode=form_post`: a page whose form posts these fields to a registered redirect URI.
    case formPost(FormPostResponse)
}

/// What an `Interaction` record's `request` bytes hold.
struct InteractionState: Codable, Equatable {
    var request: AuthorizationRequest
    /// When the signed-in account authenticated (OIDC Core §2 `auth_time`).
    var authTime: Date?

    func encoded() throws -> [UInt8] { Array(try JSONEncoder().encode(self)) }

    static func decode(_ bytes: [UInt8]) throws -> InteractionState {
        try JSONDecoder().decode(InteractionState.self, from: Data(bytes))
    }
}

enum CSRFPurpose {
    static let login = "login"
    static let consent = "consent"
}
