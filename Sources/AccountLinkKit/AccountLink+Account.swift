import Foundation

/// The account API (README.md, "The app's API"), each call with a valid token.
extension AccountLink {
    public func account() async throws -> AccountInfo {
        try await authorized { token in try tokenClient.decode(try await tokenClient.send("GET", "/api/account", bearer: token)) }
    }

    /// Adds Sign in with Apple to the signed-in account (e.g. a password account whose owner now
    /// taps the Apple button): no second account, even with a private relay address.
    /// 409 `identity_in_use` when another account has that Apple ID.
    @discardableResult
    public func addIdentity(apple credential: AppleCredential, nonce: AppleNonce) async throws -> AccountInfo {
        try await postAccount("/api/account/identities", credential.exchangeParameters(nonce: nonce))
    }

    @discardableResult
    public func addIdentity(google credential: GoogleCredential) async throws -> AccountInfo {
        try await postAccount("/api/account/identities", credential.exchangeParameters())
    }

    /// Removes a sign-in method (`apple`, `google`, `password`); 409 `last_method` for the only one.
    @discardableResult
    public func removeIdentity(type: String) async throws -> AccountInfo {
        try await postAccount("/api/account/identities/remove", [("type", type)])
    }

    /// Ends this app sign-in at AccountLink and forgets the tokens (even when the server cannot be
    /// reached: the person asked to be signed out here).
    public func signOut() async throws {
        do {
            try await postEmpty("/api/logout")
        } catch AccountLinkError.notSignedIn {
        } catch {
            try await tokens.clear()
            throw error
        }
        try await tokens.clear()
    }

    /// Ends every web session and app sign-in of the account (links with Google stay).
    public func signOutEverywhere() async throws {
        try await postEmpty("/api/account/sign-out-everywhere")
        try await tokens.clear()
    }

    /// Deletes the account (App Store Review Guideline 5.1.1(v): deletion inside the app); AccountLink
    /// also revokes the Apple tokens and every grant, Google's included.
    public func deleteAccount() async throws {
        try await postEmpty("/account/delete")
        try await tokens.clear()
    }

    func postAccount(_ path: String, _ form: [(String, String)]) async throws -> AccountInfo {
        try await authorized { token in
            try await tokenClient.post(path, withClient(form), bearer: token)
        }
    }

    func postEmpty(_ path: String) async throws {
        try await authorized { token in
            let response = try await tokenClient.send("POST", path, form: [], bearer: token)
            guard (200..<300).contains(response.status) else { throw TokenClient.error(response) }
        }
    }

    /// Runs `call` with a valid token; on 401 (the token was revoked or expired early) refreshes
    /// once and tries again.
    func authorized<Answer>(_ call: (String) async throws -> Answer) async throws -> Answer {
        let token = try await tokens.validTokens().accessToken
        do {
            return try await call(token)
        } catch let error as AccountLinkError where error.status == 401 {
            return try await call(try await tokens.validTokens(rejected: token).accessToken)
        }
    }
}

extension AccountLinkError {
    /// The HTTP status of a server answer.
    public var status: Int? {
        switch self {
        case .server(_, _, let status), .unexpectedResponse(let status): status
        default: nil
        }
    }
}
