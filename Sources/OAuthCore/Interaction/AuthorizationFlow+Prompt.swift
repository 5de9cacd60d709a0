import Foundation

/// OIDC Core §3.1.2.1: `prompt` and `max_age`.
extension AuthorizationFlow {
    /// The session, unless the request asks for a fresh sign-in: `prompt=login`, or `max_age`
    /// seconds have passed since the session's authentication.
    func usable(_ session: Session?, for request: AuthorizationRequest) -> Session? {
        guard let session, !request.promptValues.contains("login") else { return nil }
        if let maxAge = request.maxAge,
            environment.clock.now().timeIntervalSince(session.authTime) > TimeInterval(maxAge)
        {
            return nil
        }
        return session
    }

    /// `prompt=none`: no page at all. A code when the person is signed in and consent is implied
    /// (first-party client) or already given for every requested scope; otherwise the error is
    /// sent to the redirect URI (§3.1.2.6).
    func silently(_ request: AuthorizationRequest, _ client: Client, _ session: Session?) throws
        -> [InteractionAction]
    {
        guard let session else { return refuse(request, OAuthError(.loginRequired, "the user is not signed in")) }
        let grant = try store.activeGrant(accountID: session.accountID, clientID: client.id)
        guard client.firstParty || (grant.map { g in ScopeRules.isWithin(request.scope, g.scope) } ?? false) else {
            return refuse(request, OAuthError(.consentRequired, "the user has not consented to this client"))
        }
        var interaction = try newInteraction(request)
        interaction.accountID = session.accountID
        let state = InteractionState(request: request, authTime: session.authTime)
        try store(&interaction, state, insert: true)
        return try finish(interaction, state, client: client)
    }

    private func refuse(_ request: AuthorizationRequest, _ error: OAuthError) -> [InteractionAction] {
        environment.log(error, ["oauth.client_id": request.clientID])
        return [AuthorizationResponse.error(error, for: request, issuer: environment.configuration.issuer)]
    }
}

extension AuthorizationChecks {
    /// OIDC Core §3.1.2.1: known prompt values, `none` alone; `max_age` a non-negative integer.
    func checkPromptAndMaxAge(_ draft: inout AuthorizationDraft) throws {
        if let prompt = draft.parameters["prompt"] {
            let values = Set(prompt.split(separator: " ").map(String.init))
            guard !values.isEmpty, values.isSubset(of: ["none", "login", "consent", "select_account"]) else {
                throw OAuthError.invalidRequest("prompt must be none, login, consent or select_account")
            }
            guard !values.contains("none") || values.count == 1 else {
                throw OAuthError.invalidRequest("prompt=none cannot be combined with other values")
            }
        }
        if let maxAge = draft.parameters["max_age"] {
            guard AuthorizationRequest.maxAgeSeconds(maxAge) != nil else {
                throw OAuthError.invalidRequest("max_age must be a non-negative number of seconds")
            }
        }
    }
}
