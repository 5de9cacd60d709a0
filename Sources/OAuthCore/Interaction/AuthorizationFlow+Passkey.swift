import Foundation

extension AuthorizationFlow {
    /// The waiting request's login CSRF token, as the password form carries it: the passkey button of
    /// the same login page posts it too (docs/passkeys.md, The web pages), so a passkey sign-in is
    /// accepted only from the page this request showed. False for an unknown or expired request.
    public func loginCSRFPasses(interactionID: String, csrf: String?) -> Bool {
        (try? loadInteraction(interactionID, csrf: csrf, purpose: CSRFPurpose.login, form: "passkey")) != nil
    }
}
