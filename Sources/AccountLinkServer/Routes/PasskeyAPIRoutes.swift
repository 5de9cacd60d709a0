import HTTPServer
import Identity
import JOSE
import OAuthCore
import Support

/// The passkey JSON API of the app (README, Passkeys), HTTP translation only: the rules are Identity's
/// `PasskeyRegistrationFlow` and `PasskeySignInFlow`. Bodies are JSON objects; every failed check is
/// `400 invalid_grant`.
extension AppAPIRoutes {
    func addPasskeyRoutes(to router: inout Router) {
        router.add("POST", "/api/passkeys/registration/options") { [self] request in
            await passkeyAccountCall(request, status: 200) { accountID, _ in
                try PasskeyRegistrationFlow(context: passkeys).options(accountID: accountID)
            }
        }
        router.add("POST", "/api/passkeys/registration") { [self] request in
            await passkeyAccountCall(request, status: 201) { accountID, body in
                try PasskeyRegistrationFlow(context: passkeys).finish(
                    accountID: accountID, flowID: body["flow_id"]?.stringValue, credential: body["credential"],
                    name: body["name"]?.stringValue)
                return try appAccount.summary(accountID: accountID)
            }
        }
        router.add("POST", "/api/passkeys/authentication/options") { [self] in await passkeySignInOptions($0) }
        router.add("POST", "/api/passkeys/authentication") { [self] in await passkeySignIn($0) }
        router.add("POST", "/api/signup/passkey/options") { [self] in await passkeySignUpOptions($0) }
        router.add("POST", "/api/signup/passkey") { [self] in await passkeySignUp($0) }
    }

    /// Bearer app token, then the call with the JSON body.
    func passkeyAccountCall(_ request: HTTPRequest, status: Int,
                            _ call: (String, [String: JSONValue]) throws -> JSONValue) async -> HTTPResponse {
        do {
            let bearer = try await appAccount.bearer(request.header("Authorization"))
            let body = try Self.passkeyBody(request)
            return http(EndpointResponse.json(try call(bearer.account.id, body), status: status))
        } catch SignInService.Failure.emailUnverified {
            return apiError(403, "email_unverified", "confirm the account's email address before adding another way to sign in")
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    /// `{"client_id"}` → `{"flow_id","publicKey"}`.
    func passkeySignInOptions(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let body = try Self.passkeyBody(request)
            let (client, _) = try await FirstPartySignIn(environment: environment)
                .client(Self.clientForm(body), authorization: request.header("Authorization"))
            return http(EndpointResponse.json(try PasskeySignInFlow(context: passkeys).options(clientID: client.id), status: 200))
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    /// `{"client_id","flow_id","credential"}` → the token response plus `account_id`.
    func passkeySignIn(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let body = try Self.passkeyBody(request)
            let signIn = FirstPartySignIn(environment: environment)
            let (client, scope) = try await signIn.client(Self.clientForm(body), authorization: request.header("Authorization"))
            let accountID = try PasskeySignInFlow(context: passkeys)
                .finish(clientID: client.id, flowID: body["flow_id"]?.stringValue, credential: body["credential"])
            return http(try signIn.tokens(accountID: accountID, client: client, scope: scope))
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    static func passkeyBody(_ request: HTTPRequest) throws -> [String: JSONValue] {
        guard let object = (try? JSONValue(parsing: request.body))?.objectValue else {
            throw OAuthError(.invalidRequest, "the body must be a JSON object")
        }
        return object
    }

    /// The client's parameters as `/token` reads them (client authentication and scope).
    static func clientForm(_ body: [String: JSONValue]) -> FormParameters {
        var pairs: [(name: String, value: String)] = [("client_id", body["client_id"]?.stringValue ?? "")]
        if let scope = body["scope"]?.stringValue { pairs.append(("scope", scope)) }
        return FormParameters(pairs)
    }
}
