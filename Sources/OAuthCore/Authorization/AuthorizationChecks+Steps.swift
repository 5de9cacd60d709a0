import Foundation
import Support

extension AuthorizationChecks {
    /// RFC 6749 §3.1: parameters MUST NOT be included more than once. A doubled client_id,
    /// redirect_uri or state cannot be trusted to redirect to.
    func checkRedirectionParametersOnce(_ draft: inout AuthorizationDraft) throws {
        try RepeatedParameters.check(draft.parameters, among: ["client_id", "redirect_uri", "state"])
    }

    /// RFC 6749 §4.1.1, §3.1.2.3 and OIDC Core §3.1.2.1: a registered client (not a resource server) and
    /// one of its redirect URIs, by the one rule of `RegisteredRedirect`; when exactly one is
    /// registered and none was sent, that one is used.
    func checkClient(_ draft: inout AuthorizationDraft) throws {
        let p = draft.parameters
        let (client, redirectURI) = try RegisteredRedirect.check(
            clientID: p["client_id"], redirectURI: p["redirect_uri"], soleDefault: true, lookUp: storage.client(id:))
        draft.client = client
        draft.redirectURI = redirectURI
    }

    /// RFC 6749 §3.1: no other parameter twice either (now redirectable as invalid_request).
    func checkNoDuplicates(_ draft: inout AuthorizationDraft) throws {
        try RepeatedParameters.check(draft.parameters, among: Self.allowList)
    }

    /// RFC 6749 §4.1.1: response_type=code only (Google Cloud-to-cloud supports nothing else).
    func checkResponseType(_ draft: inout AuthorizationDraft) throws {
        guard let type = draft.parameters["response_type"] else {
            throw OAuthError.invalidRequest("response_type is missing")
        }
        guard type == "code" else {
            throw OAuthError(.unsupportedResponseType, "only response_type=code is supported")
        }
    }

    /// RFC 6749 §3.3: known scopes the client may have; omitted means the client's defaults. OIDC Core
    /// §3.1.2.1: scope values the server does not understand SHOULD be ignored, so they are left out of
    /// the grant (the token response's `scope` then says what was granted, RFC 6749 §5.1).
    func checkScope(_ draft: inout AuthorizationDraft) throws {
        guard let client = draft.client else { return }
        draft.scope = try ScopeRules.resolve(
            draft.parameters["scope"], client: client, configuration: configuration,
            custom: try storage.listScopes(), ignoringUnknown: true)
    }

    /// RFC 7636 §4.3/§4.4.1: S256 only; required for public clients (RFC 9700 §2.1.1).
    func checkPKCE(_ draft: inout AuthorizationDraft) throws {
        let challenge = draft.parameters["code_challenge"]
        let method = draft.parameters["code_challenge_method"]
        guard let challenge else {
            if method != nil {
                throw OAuthError.invalidRequest("code_challenge_method without code_challenge")
            }
            if draft.client?.isPublic == true {
                throw OAuthError.invalidRequest("PKCE is required for this client")
            }
            return
        }
        // RFC 7636 §4.3: a missing method means plain, which we do not accept.
        guard method == "S256" else { throw OAuthError.invalidRequest("code_challenge_method must be S256") }
        guard PKCE.isValidChallenge(challenge) else {
            throw OAuthError.invalidRequest("malformed code_challenge")
        }
        draft.codeChallenge = challenge
    }
}
