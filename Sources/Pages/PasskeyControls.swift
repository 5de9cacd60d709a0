/// The passkey parts the pages share (docs/passkeys.md, The web pages): the hidden result fields the
/// script fills before it submits a form, the note it shows when a ceremony fails, the script element,
/// the login page's "Sign in with a passkey" form and the sign-up form's "Create the account with a passkey".
public enum PasskeyControls {
    /// Where `PasskeyScript.source` is served (same origin, so the CSP's `script-src 'self'` allows it).
    public static let scriptPath = "/static/passkey.js"

    static let script: HTML = "<script src=\"/static/passkey.js\" defer></script>"

    static let resultFields: HTML =
        "<input type=\"hidden\" name=\"flow_id\" value=\"\"><input type=\"hidden\" name=\"credential\" value=\"\">"

    /// Hidden and without a role until the script shows it: then it becomes an alert, which screen
    /// readers announce, and a page that is not showing it has no alert at all.
    static func failureNote(_ text: String) -> HTML {
        "<p class=\"error\" data-passkey-error hidden>\(text)</p>"
    }

    /// The sign-in form: the login page's CSRF field and request, posted to `action` with the assertion.
    static func signInForm(action: String, optionsURL: String, csrfToken: String, interactionID: String?,
                           _ m: Messages) -> HTML {
        """
        <form method="post" action="\(url: action)" data-passkey-options="\(url: optionsURL)" hidden>\
        \(Layout.csrf(csrfToken))\(Layout.hidden("interaction", interactionID))\(resultFields)\
        <button class="secondary" type="button" data-passkey="sign-in">\(m[.passkeySignIn])</button></form>
        \(failureNote(m[.passkeyFailed]))
        \(script)
        """
    }

    /// The sign-up form's attributes: the script fetches the options from `optionsURL` (with the form's
    /// CSRF field, email and name) and posts the new passkey to `action` instead of the form's own action.
    static func signUpAttributes(action: String, optionsURL: String) -> HTML {
        " data-passkey-action=\"\(url: action)\" data-passkey-options=\"\(url: optionsURL)\""
    }

    /// Inside the sign-up form, after its password button: hidden until the script finds WebAuthn.
    static func signUpPart(product: String, _ m: Messages) -> HTML {
        """
        \(resultFields)<div data-passkey-part hidden>\
        <p class="note">\(m.text(.passkeySignUpNote, ["product": product]))</p>\
        <button class="secondary" type="button" data-passkey="sign-up">\(m[.passkeySignUp])</button></div>
        """
    }
}
