import Foundation

extension AuthorizationFlow {
    func consent(_ id: String, decision: String?, csrf: String?) throws -> [InteractionAction] {
        let (interaction, state, client) = try loadInteraction(
            id, csrf: csrf, purpose: CSRFPurpose.consent, form: "consent")
        guard interaction.accountID != nil else {
            return [.showLogin(loginPage(interaction, client: client, request: state.request))]
        }
        switch decision {
        case "allow": return try finish(interaction, state, client: client)
        case "deny": return try deny(interaction, state)
        default: throw OAuthError.invalidRequest("decision must be allow or deny")
        }
    }

    /// "Agree and link": one code through `issueAuthorizationCode`, then 302 with code and the
    /// verbatim state (RFC 6749 §4.1.2).
    func finish(_ interaction: Interaction, _ state: InteractionState, client: Client) throws
        -> [InteractionAction]
    {
        guard let accountID = interaction.accountID,
            try store.account(id: accountID)?.status == .active
        else { throw OAuthError.invalidRequest("the account cannot be linked").because(.accountUnavailable) }
        let request = state.request
        let code = try issueAuthorizationCode(
            CodeBinding(
                client: client, redirectURI: request.redirectURI, scope: request.scope, accountID: accountID,
                nonce: request.nonce, codeChallenge: request.codeChallenge,
                authTime: state.authTime ?? environment.clock.now()),
            environment: environment)
        try store.deleteInteraction(id: interaction.id)
        environment.audit(.authorizeAllow, accountID: accountID, clientID: client.id)
        return [AuthorizationResponse.success(request, code: code, issuer: environment.configuration.issuer)]
    }

    /// "Cancel": RFC 6749 §4.1.2.1 access_denied with the state.
    private func deny(_ interaction: Interaction, _ state: InteractionState) throws -> [InteractionAction] {
        try store.deleteInteraction(id: interaction.id)
        environment.audit(
            .authorizeDeny, accountID: interaction.accountID, clientID: state.request.clientID)
        let error = OAuthError(.accessDenied, "the user declined to link the account")
        return [AuthorizationResponse.error(error, for: state.request, issuer: environment.configuration.issuer)]
    }

    /// Signs out of this browser and asks for another account
    /// (https://developers.home.google.com/cloud-to-cloud/enhancements/app-flip-ios).
    func switchAccount(_ id: String, csrf: String?, sessionID: String?) throws -> [InteractionAction] {
        var (interaction, state, client) = try loadInteraction(
            id, csrf: csrf, purpose: CSRFPurpose.consent, form: "switch")
        if let sessionID { try store.deleteSession(hash: OpaqueToken.hash(sessionID)) }
        interaction.accountID = nil
        state.authTime = nil
        try store(&interaction, state)
        return [.clearSession, .showLogin(loginPage(interaction, client: client, request: state.request))]
    }
}
