import Foundation

extension AccountLink {
    /// Email and password (`grant_type=password`, first-party clients only).
    @discardableResult
    public func signIn(email: String, password: String) async throws -> SignedIn {
        try await passwordGrant(email: email, password: password, linkToken: nil)
    }

    /// Sign in with Apple. `nonce` is the one whose `hashed` value went into Apple's request.
    public func signIn(apple credential: AppleCredential, nonce: AppleNonce) async throws -> SignInOutcome {
        try await tokenExchange(credential.exchangeParameters(nonce: nonce))
    }

    /// Google Sign-In with the ID token whose `aud` is one of `ACCOUNTLINK_GOOGLE_CLIENT_IDS`.
    public func signIn(google credential: GoogleCredential) async throws -> SignInOutcome {
        try await tokenExchange(credential.exchangeParameters())
    }

    /// After `linkRequired`: proves the existing account with its password; the Apple or Google
    /// identity that asked is linked to it and the app is signed in to that account.
    @discardableResult
    public func completeLink(_ link: LinkRequired, email: String, password: String) async throws -> SignedIn {
        try await passwordGrant(email: email, password: password, linkToken: link.linkToken)
    }

    /// `POST /api/signup`: a new password account, signed in at once.
    public func signUp(email: String, password: String, name: String? = nil) async throws -> SignUpOutcome {
        let form = [("email", email), ("password", password)] + (name.map { [("name", $0)] } ?? [])
        let response = try await tokenClient.send("POST", "/api/signup", form: withClient(form))
        if response.status == 202 { return .verificationSent }
        return .signedIn(try await store(try tokenClient.decode(response)))
    }

    func passwordGrant(email: String, password: String, linkToken: String?) async throws -> SignedIn {
        var form = [("grant_type", "password"), ("username", email), ("password", password)]
        if let linkToken { form.append(("link_token", linkToken)) }
        return try await store(try await tokenClient.post("/token", withClient(form)))
    }

    func tokenExchange(_ parameters: [(String, String)]) async throws -> SignInOutcome {
        let form = withClient([("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange")] + parameters)
        let response = try await tokenClient.send("POST", "/token", form: form)
        if response.status == 400, let refusal = try? JSONDecoder().decode(ErrorResponse.self, from: response.body),
            refusal.error == "link_required", let linkToken = refusal.link_token
        {
            return .linkRequired(LinkRequired(linkToken: linkToken, message: refusal.error_description))
        }
        return .signedIn(try await store(try tokenClient.decode(response)))
    }

    func withClient(_ form: [(String, String)]) -> [(String, String)] {
        var form = form + [("client_id", configuration.clientID)]
        if let scope = configuration.scope { form.append(("scope", scope)) }
        return form
    }

    func store(_ answer: TokenResponse) async throws -> SignedIn {
        try await tokens.replace(with: answer.tokens(issuedAt: now()))
        return SignedIn(accountID: answer.account_id, accountCreated: answer.account_created ?? false)
    }
}
