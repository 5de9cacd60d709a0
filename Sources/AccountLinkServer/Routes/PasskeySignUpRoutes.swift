import HTTPServer
import Identity
import OAuthCore
import Support

/// `POST /api/signup/passkey/options` and `POST /api/signup/passkey` (README, Passkeys; docs/passkeys.md,
/// "Sign-up with a passkey"), HTTP translation only: the rules are Identity's `PasskeySignUpFlow`. JSON
/// bodies; the client authenticates as at `/api/signup`; the answers are `/api/signup`'s.
extension AppAPIRoutes {
    /// `{"client_id","email","name"?}` → `{"flow_id","publicKey"}`, the same for every address.
    func passkeySignUpOptions(_ request: HTTPRequest) async -> HTTPResponse {
        guard signUpOpen else { return apiError(403, "signup_closed", "sign-up is closed on this server") }
        do {
            let body = try Self.passkeyBody(request)
            let (client, _) = try await FirstPartySignUp(environment: environment)
                .client(Self.clientForm(body), authorization: request.header("Authorization"))
            let answer = try PasskeySignUpFlow(passkeys: passkeys, accounts: accountFlows)
                .options(clientID: client.id, email: body["email"]?.stringValue ?? "", name: body["name"]?.stringValue)
            return http(EndpointResponse.json(answer, status: 200))
        } catch let failure as SignUpFlow.Failure {
            return apiSignUpRefusal(failure)
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    /// `{"client_id","flow_id","credential"}` → 201 the tokens of the new account, or 202 when nothing
    /// may be said (an address with an account, or verify-first), as `POST /api/signup`.
    func passkeySignUp(_ request: HTTPRequest) async -> HTTPResponse {
        guard signUpOpen else { return apiError(403, "signup_closed", "sign-up is closed on this server") }
        do {
            let body = try Self.passkeyBody(request)
            let creator = PasskeySignUp(passkeys: passkeys, accounts: accountFlows, flowID: body["flow_id"]?.stringValue,
                                        credential: body["credential"], locale: pageLocale(), clientAddress: request.clientIP)
            return apiSignedUp(try await FirstPartySignUp(environment: environment)
                .signUp(Self.clientForm(body), authorization: request.header("Authorization"), creator: creator))
        } catch let failure as SignUpFlow.Failure {
            return apiSignUpRefusal(failure)
        } catch {
            return http(OAuthError.from(error).response)
        }
    }
}
