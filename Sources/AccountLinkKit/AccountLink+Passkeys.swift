import Foundation

/// Passkeys through AccountLink's JSON API (README, Passkeys; docs/ios-passkeys.md): each ceremony is an
/// options call, the device's answer (Apple's passkey requests; `PasskeyRequest` on iOS), and the call
/// that sends it. Every failed check answers `invalid_grant` (`AccountLinkError.server`).
extension AccountLink {
    /// `POST /api/passkeys/registration/options` for the signed-in account.
    public func passkeyRegistrationOptions() async throws -> PasskeyRegistrationOptions {
        try await authorized { token in
            try PasskeyRegistrationOptions(json: try ok(try await postJSON("/api/passkeys/registration/options",
                                                                           Body(), bearer: token)))
        }
    }

    /// `POST /api/passkeys/registration`: adds the new passkey to the signed-in account; the account after.
    @discardableResult
    public func registerPasskey(_ registration: PasskeyRegistration, options: PasskeyRegistrationOptions,
                                name: String? = nil) async throws -> AccountInfo {
        let body = Body(flow_id: options.flowID, credential: registration.json, name: name)
        return try await authorized { token in
            try tokenClient.decode(try await postJSON("/api/passkeys/registration", body, bearer: token))
        }
    }

    /// `POST /api/passkeys/authentication/options` (also what AutoFill-assisted sign-in waits with).
    public func passkeySignInOptions() async throws -> PasskeyAssertionOptions {
        try PasskeyAssertionOptions(json: try ok(try await postJSON("/api/passkeys/authentication/options", clientBody())))
    }

    /// `POST /api/passkeys/authentication`: signs in to the passkey's account; the tokens are stored.
    @discardableResult
    public func signIn(passkey assertion: PasskeyAssertion, options: PasskeyAssertionOptions) async throws -> SignedIn {
        let body = clientBody(flowID: options.flowID, credential: assertion.json)
        return try await store(try tokenClient.decode(try await postJSON("/api/passkeys/authentication", body)))
    }

    /// `POST /api/signup/passkey/options`: the same answer whether or not the address has an account.
    public func passkeySignUpOptions(email: String, name: String? = nil) async throws -> PasskeyRegistrationOptions {
        var body = clientBody()
        (body.email, body.name) = (email, name)
        return try PasskeyRegistrationOptions(json: try ok(try await postJSON("/api/signup/passkey/options", body)))
    }

    /// `POST /api/signup/passkey`: a new account with the passkey alone, signed in at once (201), or
    /// `verificationSent` (202: the address has an account, or the server signs in only after the mail).
    public func signUp(passkey registration: PasskeyRegistration, options: PasskeyRegistrationOptions) async throws
        -> SignUpOutcome {
        let body = clientBody(flowID: options.flowID, credential: registration.json)
        let response = try await postJSON("/api/signup/passkey", body)
        if response.status == 202 { return .verificationSent }
        return .signedIn(try await store(try tokenClient.decode(response)))
    }

    /// `POST /api/account/identities/remove` with `type=passkey`; 409 `last_method` for the only method.
    @discardableResult
    public func removePasskey(id credentialID: String) async throws -> AccountInfo {
        try await postAccount("/api/account/identities/remove", [("type", "passkey"), ("id", credentialID)])
    }

    /// The JSON bodies of the passkey calls (absent members are left out).
    struct Body: Encodable {
        var client_id: String?
        var scope: String?
        var flow_id: String?
        var credential: PasskeyCredentialJSON?
        var name: String?
        var email: String?
    }

    func clientBody(flowID: String? = nil, credential: PasskeyCredentialJSON? = nil) -> Body {
        Body(client_id: configuration.clientID, scope: configuration.scope, flow_id: flowID, credential: credential)
    }

    func postJSON(_ path: String, _ body: Body, bearer: String? = nil) async throws -> TransportResponse {
        var request = TransportRequest(method: "POST", url: configuration.server.appendingPathComponent(path))
        request.headers = ["Accept": "application/json", "Content-Type": "application/json"]
        if let bearer { request.headers["Authorization"] = "Bearer " + bearer }
        request.body = try JSONEncoder().encode(body)
        do {
            return try await transport.send(request)
        } catch {
            throw AccountLinkError.unreachable(String(describing: error))
        }
    }

    func ok(_ response: TransportResponse) throws -> Data {
        guard (200..<300).contains(response.status) else { throw TokenClient.error(response) }
        return response.body
    }
}
