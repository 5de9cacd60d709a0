import HTTPServer
import Identity
import OAuthCore
import Operations
import Support

/// The app's API (README "The app's API"; docs/accounts-and-email.md; README, Passkeys): sign-up, a
/// forgotten password, the account API and passkeys (AppAccountRoutes.swift, PasskeyAPIRoutes.swift,
/// PasskeySignUpRoutes.swift). JSON answers, errors as `{"error","error_description"}`; the rules are
/// OAuthCore's first-party endpoints and Identity's flows.
struct AppAPIRoutes: WebRoutes {
    let web: WebContext
    let environment: OAuthEnvironment
    let accountFlows: AccountFlowContext
    let appAccount: AppAccountAPI
    let passkeys: PasskeyContext
    let metrics: Metrics

    func add(to router: inout Router) {
        router.add("POST", "/api/signup") { [self] in await apiSignUp($0) }
        router.add("POST", "/api/password/forgot") { [self] in apiForgot($0) }
        addAppAccountRoutes(to: &router)
        addPasskeyRoutes(to: &router)
    }
}

/// `POST /api/signup` and `POST /api/password/forgot`: form bodies.
extension AppAPIRoutes {
    func apiSignUp(_ request: HTTPRequest) async -> HTTPResponse {
        guard signUpOpen else { return apiError(403, "signup_closed", "sign-up is closed on this server") }
        guard let form = request.form else { return apiError(400, "invalid_request", "the body must be a form") }
        do {
            let creator = PasswordSignUp(context: accountFlows, email: form["email"] ?? "", password: form["password"] ?? "",
                                         name: form["name"], locale: pageLocale(), clientAddress: request.clientIP)
            return apiSignedUp(try await FirstPartySignUp(environment: environment)
                .signUp(form, authorization: request.header("Authorization"), creator: creator))
        } catch let failure as SignUpFlow.Failure {
            return apiSignUpRefusal(failure)
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    /// The sign-up's answer, counted when it made an account.
    func apiSignedUp(_ response: EndpointResponse) -> HTTPResponse {
        if response.status == 201 { metrics.count("signup") }
        return http(response)
    }

    /// 202 whatever the email; 429 when this client address asked too often.
    func apiForgot(_ request: HTTPRequest) -> HTTPResponse {
        guard let form = request.form else { return apiError(400, "invalid_request", "the body must be a form") }
        do {
            guard try FirstPartySignUp(environment: environment).isFirstPartyClient(form["client_id"]) else {
                return apiError(401, "invalid_client", "client_id must name the maker's app")
            }
            try PasswordResetFlow(context: accountFlows).request(
                email: form["email"] ?? "", locale: pageLocale(), clientAddress: request.clientIP)
            return .json(202, raw: #"{"status":"accepted"}"#).noStore()
        } catch PasswordResetFlow.Failure.throttled {
            return apiError(429, "slow_down", "too many requests from this address; try again later")
        } catch {
            return http(OAuthError.from(error).response)
        }
    }
}

/// The app's JSON refusals, shared with the sign-up page's passkey script (PasskeySignUpWebRoutes.swift).
extension WebRoutes {
    func apiSignUpRefusal(_ failure: SignUpFlow.Failure) -> HTTPResponse {
        switch failure {
        case .invalidEmail: apiError(400, "invalid_request", "email is not a valid address")
        case .throttled: apiError(429, "slow_down", "too many sign-ups from this address; try again later")
        case .password(let violation): apiWeakPassword(violation)
        }
    }

    /// `weak_password` with the rule the new password breaks (sign-up and the app's password change).
    func apiWeakPassword(_ violation: PasswordPolicy.Violation) -> HTTPResponse {
        switch violation {
        case .tooShort: apiError(400, "weak_password", "the password must have at least 8 characters")
        case .tooLong(let maximum): apiError(400, "weak_password", "the password may have at most \(maximum) characters")
        case .common: apiError(400, "weak_password", "the password is too common")
        case .equalsEmail: apiError(400, "weak_password", "the password must not be the email")
        }
    }

    func apiError(_ status: Int, _ code: String, _ description: String) -> HTTPResponse {
        let body: JSONValue = .object(["error": .string(code), "error_description": .string(description)])
        return http(EndpointResponse.json(body, status: status))
    }
}
