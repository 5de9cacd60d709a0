import Support

/// Everything an endpoint needs injected (docs/architecture.md rule 9): storage, clock, randomness, logger,
/// the configuration slice and the hooks other modules implement.
public struct OAuthEnvironment: Sendable {
    /// The composed store, as the server wires it; each flow reads it as the narrow store it names (e.g.
    /// `AuthorizationFlow.Store`, `WebSessions.Store`).
    /// Composes: the whole store is handed to the endpoints here, once (docs/architecture.md rule 6).
    public var storage: any Storage
    public var clock: any Clock
    public var random: any RandomSource
    public var logger: Logger
    public var configuration: OAuthConfiguration
    public var idTokenSigner: any IDTokenSigner
    public var passwordVerifier: any PasswordVerifier
    public var loginThrottle: LoginThrottle
    /// nil: `link_token` on the password grant is refused (the Identity module provides it).
    public var linkTokenRedeemer: (any LinkTokenRedeemer)?
    /// nil: the token-exchange grant answers `unsupported_grant_type`.
    public var tokenExchangeHandler: (any TokenExchangeHandler)?
    /// Checks client_credentials access tokens (JWS we signed) at introspection; nil: none are accepted.
    public var signedTokenVerifier: (any SignedTokenVerifier)? = nil
    /// Clients as client authentication last read them (ClientCache.swift); off unless the server sets it.
    public var clientCache = ClientCache(seconds: 0)
    /// Where work that holds a thread runs (`blocking`) when a request may run on a loop that must not
    /// block: the server runs refreshes on PostgreSQL's reader (AccountLinkServer's
    /// StoreThreadsResponder) and gives the store's own threads here. nil: wherever the request runs.
    public var blockingExecutor: (any TaskExecutor)? = nil

    public init(
        storage: any Storage, clock: any Clock, random: any RandomSource, logger: Logger,
        configuration: OAuthConfiguration, idTokenSigner: any IDTokenSigner,
        passwordVerifier: any PasswordVerifier, loginThrottle: LoginThrottle,
        linkTokenRedeemer: (any LinkTokenRedeemer)? = nil,
        tokenExchangeHandler: (any TokenExchangeHandler)? = nil
    ) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.logger = logger
        self.configuration = configuration
        self.idTokenSigner = idTokenSigner
        self.passwordVerifier = passwordVerifier
        self.loginThrottle = loginThrottle
        self.linkTokenRedeemer = linkTokenRedeemer
        self.tokenExchangeHandler = tokenExchangeHandler
    }

    /// `body` on `blockingExecutor` (SE-0417 executor preference), else where it is called: a storage
    /// transaction (blocking store calls) or an ID token's signature (an RS256 signature takes about
    /// 0.4 ms, and the key ring may read the store), from a request that may run on a loop.
    public func blocking<T>(_ body: () throws -> T) async throws -> T {
        try await withTaskExecutorPreference(blockingExecutor) { try body() }
    }

    /// The operator's custom scopes (ScopeStore), read at each request that resolves a scope, so one added
    /// by the CLI counts at once; a store failure is `server_error`.
    public func customScopes() throws(OAuthError) -> [CustomScope] {
        do { return try storage.listScopes() } catch { throw .serverError(detail: "custom scopes: \(error)") }
    }

    /// Appends an audit event; a failure to audit is logged, never fatal to the request.
    /// Inside a transaction pass its view as `storage` (the shared store is locked meanwhile).
    func audit(
        _ kind: AuditKind, accountID: String? = nil, clientID: String? = nil, detail: String = "",
        in storage: (any AuditStore)? = nil
    ) {
        AuditRecorder(clock: clock, random: random).recordLoggingFailure(
            kind, accountID: accountID, clientID: clientID, detail: detail, in: storage ?? self.storage, logger: logger)
    }

    /// Logs the private detail of an error that is about to be answered.
    func log(_ error: OAuthError, _ fields: [String: String] = [:]) {
        var all = fields
        all["oauth.error"] = error.code.rawValue
        all["oauth.detail"] = error.detail
        logger.log(error.status >= 500 ? .error : .info, "oauth request refused", all)
    }
}
