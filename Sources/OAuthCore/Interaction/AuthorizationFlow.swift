import Foundation
import Support

/// The login → consent → code interaction as a state machine (docs/architecture.md rule 12): feed it events,
/// do the actions it returns. The state lives in `Interaction` records (RFC 6749 §4.1.1 request kept
/// server-side across round trips): no account yet → login; account known → consent; then a
/// redirect with a code or an error.
public struct AuthorizationFlow: Sendable {
    /// The pending interactions, the clients and scopes they ask for, sessions, accounts and their grants
    /// (issuing the code is `IssueAuthorizationCode`'s, on the environment's store).
    typealias Store = ClientStore & ScopeStore & AccountStore & SessionStore & InteractionStore & GrantStore & Sendable

    let environment: OAuthEnvironment
    var store: any Store { environment.storage }

    public init(environment: OAuthEnvironment) { self.environment = environment }

    public func handle(_ event: InteractionEvent) -> [InteractionAction] {
        do {
            switch event {
            case .authorizeRequest(let parameters, let sessionID):
                return try authorize(parameters, sessionID: sessionID)
            case .loginSubmitted(let id, let email, let password, let csrf, let address):
                return try login(id, email: email, password: password, csrf: csrf, address: address)
            case .consentSubmitted(let id, let decision, let csrf):
                return try consent(id, decision: decision, csrf: csrf)
            case .switchAccount(let id, let csrf, let sessionID):
                return try switchAccount(id, csrf: csrf, sessionID: sessionID)
            case .signedInElsewhere(let id, let accountID):
                return try signedIn(id, accountID: accountID)
            case .resume(let id, let sessionID):
                return try resume(id, sessionID: sessionID)
            }
        } catch {
            return [errorPage(OAuthError.from(error), locale: nil)]
        }
    }

    /// RFC 6749 §4.1.1: validate, then store the interaction and continue with who is signed in.
    private func authorize(_ parameters: FormParameters, sessionID: String?) throws -> [InteractionAction] {
        let checks = AuthorizationChecks(
            storage: store, configuration: environment.configuration)
        switch checks.validate(parameters) {
        case .errorPage(let error):
            return [errorPage(error, locale: AuthorizationRequest.requestedLocale(parameters))]
        case .redirectError(let error, let redirectURI, let state, let mode):
            environment.log(error, ["oauth.client_id": parameters["client_id"] ?? ""])
            return [AuthorizationResponse.error(error, redirectURI: redirectURI, state: state, mode: mode,
                                                issuer: environment.configuration.issuer)]
        case .valid(let request, let client):
            let session = usable(try liveSession(sessionID), for: request)
            if request.promptValues.contains("none") { return try silently(request, client, session) }
            var interaction = try newInteraction(request)
            if let session {
                interaction.accountID = session.accountID
                try store(
                    &interaction, InteractionState(request: request, authTime: session.authTime), insert: true
                )
                return try afterSignIn(interaction, client: client)
            }
            try store.insertInteraction(interaction)
            return [.showLogin(loginPage(interaction, client: client, request: request))]
        }
    }

    func newInteraction(_ request: AuthorizationRequest) throws -> Interaction {
        let now = environment.clock.now()
        return Interaction(
            id: environment.random.token(byteCount: 32),
            request: try InteractionState(request: request, authTime: nil).encoded(),
            csrfSecret: environment.random.bytes(32), createdAt: now,
            expiresAt: now.addingTimeInterval(environment.configuration.interactionLifetime))
    }

    func store(_ interaction: inout Interaction, _ state: InteractionState, insert: Bool = false) throws {
        interaction.request = try state.encoded()
        if insert {
            try store.insertInteraction(interaction)
        } else {
            try store.updateInteraction(interaction)
        }
    }

    /// The pending request's page again, for the browser that holds it (see `InteractionEvent.resume`).
    private func resume(_ id: String, sessionID: String?) throws -> [InteractionAction] {
        let (interaction, state, client) = try loadInteraction(id)
        let session = try liveSession(sessionID)
        if let accountID = interaction.accountID, !client.firstParty, let session,
            session.accountID.sameBytes(accountID)
        {
            let account = try store.account(id: accountID)
            return [.showConsent(consentPage(interaction, client: client, request: state.request, account: account))]
        }
        return [.showLogin(loginPage(interaction, client: client, request: state.request))]
    }

    /// A stored, unexpired session of an active account.
    private func liveSession(_ sessionID: String?) throws -> Session? {
        guard let sessionID, let session = try store.session(hash: OpaqueToken.hash(sessionID)),
            session.expiresAt > environment.clock.now(),
            try store.account(id: session.accountID)?.status == .active
        else { return nil }
        return session
    }

    /// The pending interaction, if it exists and has not expired.
    func loadInteraction(_ id: String) throws -> (Interaction, InteractionState, Client) {
        guard let interaction = try store.interaction(id: id),
            interaction.expiresAt > environment.clock.now()
        else { throw OAuthError.invalidRequest("this sign-in request has expired; start again from the app").because(.requestExpired) }
        let state = try InteractionState.decode(interaction.request)
        guard let client = try store.client(id: state.request.clientID) else {
            throw OAuthError.invalidRequest("the client is no longer registered").because(.unknownClient)
        }
        return (interaction, state, client)
    }

    /// The pending interaction a form of its page posted to: the form's CSRF token must be the one made
    /// for `purpose` and this interaction, else `form_expired` ("`form` CSRF mismatch" in the detail).
    func loadInteraction(_ id: String, csrf: String?, purpose: String, form: String) throws
        -> (Interaction, InteractionState, Client)
    {
        let loaded = try loadInteraction(id)
        guard CSRFToken.verify(csrf, secret: loaded.0.csrfSecret, purpose: purpose, binding: id) else {
            throw OAuthError.formExpired(detail: "\(form) CSRF mismatch")
        }
        return loaded
    }

    func errorPage(_ error: OAuthError, locale: String?) -> InteractionAction {
        environment.log(error)
        return .showError(
            ErrorPage(
                status: error.status, error: error.code.rawValue,
                description: error.description, locale: locale, reason: error.pageReason))
    }
}
