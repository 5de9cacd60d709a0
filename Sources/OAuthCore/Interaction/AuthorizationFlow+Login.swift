import Foundation

extension AuthorizationFlow {
    /// The message for every failed sign-in: it never says whether the email exists.
    public static let loginFailedMessage =
        "The email or password is incorrect, or too many attempts were made. Try again later."

    func login(_ id: String, email: String, password: String, csrf: String?, address: String?) throws
        -> [InteractionAction]
    {
        let (interaction, state, client) = try loadInteraction(
            id, csrf: csrf, purpose: CSRFPurpose.login, form: "login")
        guard
            let account = try PasswordLogin(environment: environment)
                .verify(email: email, password: password, clientAddress: address)
        else {
            var page = loginPage(interaction, client: client, request: state.request)
            page.email = email
            page.errorMessage = Self.loginFailedMessage
            page.retryAfter = PasswordLogin(environment: environment).retryAfter(email: email, clientAddress: address)
            return [.showLogin(page)]
        }
        return try signedIn(interaction, state, client: client, accountID: account.id)
    }

    /// Sign-in that happened elsewhere (Sign in with Apple on the web), already verified by the caller.
    func signedIn(_ id: String, accountID: String) throws -> [InteractionAction] {
        let (interaction, state, client) = try loadInteraction(id)
        return try signedIn(interaction, state, client: client, accountID: accountID)
    }

    /// A fresh session for the account, bound to the waiting request, then consent (or the code).
    private func signedIn(_ interaction: Interaction, _ state: InteractionState, client: Client, accountID: String)
        throws -> [InteractionAction]
    {
        guard try store.account(id: accountID)?.status == .active else {
            throw OAuthError.invalidRequest("this account cannot sign in").because(.accountUnavailable)
        }
        var interaction = interaction
        var state = state
        let (cookie, authTime) = try startSession(accountID)
        interaction.accountID = accountID
        state.authTime = authTime
        try store(&interaction, state)
        return [.setSession(cookie)] + (try afterSignIn(interaction, client: client))
    }

    /// A new browser session; the store keeps only the id's hash.
    private func startSession(_ accountID: String) throws -> (SessionCookie, Date) {
        let now = environment.clock.now()
        let id = OpaqueToken.generate(.session, random: environment.random)
        let expiresAt = now.addingTimeInterval(environment.configuration.sessionLifetime)
        try store.insertSession(
            Session(
                hash: OpaqueToken.hash(id), accountID: accountID,
                csrfSecret: environment.random.bytes(32), authTime: now,
                createdAt: now, expiresAt: expiresAt, origin: SignInOrigin.current))
        return (SessionCookie(value: id, expiresAt: expiresAt), now)
    }

    /// First-party clients imply consent (README.md CLI `--first-party`); everyone else sees it,
    /// every time, as Google's flow expects
    /// (https://developers.home.google.com/cloud-to-cloud/project/authorization).
    func afterSignIn(_ interaction: Interaction, client: Client) throws -> [InteractionAction] {
        let state = try InteractionState.decode(interaction.request)
        if client.firstParty { return try finish(interaction, state, client: client) }
        let account = try store.account(id: interaction.accountID ?? "")
        return [
            .showConsent(consentPage(interaction, client: client, request: state.request, account: account))
        ]
    }

    func loginPage(_ interaction: Interaction, client: Client, request: AuthorizationRequest) -> LoginPage {
        LoginPage(
            interactionID: interaction.id,
            csrfToken: CSRFToken.make(
                secret: interaction.csrfSecret, purpose: CSRFPurpose.login,
                binding: interaction.id),
            clientName: client.name, locale: request.userLocale, email: request.loginHint, errorMessage: nil)
    }

    func consentPage(
        _ interaction: Interaction, client: Client, request: AuthorizationRequest,
        account: Account?
    ) -> ConsentPage {
        let configuration = environment.configuration
        // A store failure leaves a custom scope worded by its name (the consent still names it).
        let custom = (try? store.listScopes()) ?? []
        return ConsentPage(
            interactionID: interaction.id,
            csrfToken: CSRFToken.make(
                secret: interaction.csrfSecret, purpose: CSRFPurpose.consent,
                binding: interaction.id),
            clientName: client.name, locale: request.userLocale, accountEmail: account?.email,
            accountName: account?.displayName,
            scopes: request.scope.map { name in
                let own = custom.first { $0.name.sameBytes(name) }
                return .init(name: name, description: configuration.scopeDescription(name) ?? own?.description(locale: nil) ?? name,
                             translations: own?.descriptions ?? [:])
            },
            consentStatement: configuration.consentStatement,
            clientIsGoogle: client.isRegisteredForGoogle)
    }
}
