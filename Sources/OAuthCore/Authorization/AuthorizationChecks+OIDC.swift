import Support

extension AuthorizationChecks {
    /// OAuth 2.0 Multiple Response Type Encoding Practices §2.1: `query` or `form_post` (OAuth 2.0 Form
    /// Post Response Mode §2); any other value is refused through the default mode.
    func checkResponseMode(_ draft: inout AuthorizationDraft) throws {
        guard let mode = draft.parameters["response_mode"] else { return }
        guard AuthorizationRequest.responseModes.containsBytes(mode) else {
            throw OAuthError.invalidRequest("response_mode must be query or form_post")
        }
        draft.responseMode = mode.sameBytes("form_post") ? mode : nil
    }

    /// OIDC Core §6.1, §6.2 and §3.1.2.6: request objects are not supported, so a request carrying one
    /// is answered with `request_not_supported` / `request_uri_not_supported` instead of a code issued
    /// for the outer parameters alone.
    func checkNoRequestObject(_ draft: inout AuthorizationDraft) throws {
        if draft.parameters["request"] != nil {
            throw OAuthError(.requestNotSupported, "the request parameter is not supported")
        }
        if draft.parameters["request_uri"] != nil {
            throw OAuthError(.requestURINotSupported, "the request_uri parameter is not supported")
        }
    }
}
