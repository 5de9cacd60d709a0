import HTTPServer
import Identity
import OAuthCore
import Support

/// The app's account API (README "The app's API"): Bearer app token, form bodies,
/// JSON answers, errors as `{"error","error_description"}`. The rules live in Identity's `AppAccountAPI`.
extension AppAPIRoutes {
    func addAppAccountRoutes(to router: inout Router) {
        router.add("GET", "/api/account") { [self] request in
            await appAccountCall(request) { api, bearer, _ in try api.summary(accountID: bearer.account.id) }
        }
        router.add("POST", "/api/account/identities") { [self] request in
            await appAccountCall(request) { api, bearer, form in
                try await api.addIdentity(accountID: bearer.account.id, form: form)
            }
        }
        router.add("POST", "/api/account/identities/remove") { [self] request in
            await appAccountCall(request) { api, bearer, form in
                try api.removeMethod(accountID: bearer.account.id, type: form["type"] ?? "", id: form["id"])
            }
        }
        router.add("POST", "/api/account/upgrade/apple") { [self] request in
            await appAccountCall(request) { api, bearer, form in
                try await api.upgradeToApple(accountID: bearer.account.id, form: form)
            }
        }
        router.add("POST", "/api/account/password") { [self] request in
            await appAccountCall(request) { api, bearer, form in
                try api.changePassword(bearer, form: form,
                                       flow: PasswordChangeFlow(context: accountFlows), locale: pageLocale())
            }
        }
        router.add("POST", "/api/logout") { [self] request in
            await appAccountCall(request) { api, bearer, _ in
                try api.logout(bearer)
                return .object(["signed_out": .bool(true)])
            }
        }
        router.add("POST", "/api/account/sign-out-everywhere") { [self] request in
            await appAccountCall(request) { api, bearer, _ in
                .object(["signed_out": .bool(true), "app_sign_ins_ended": .int(Int64(try api.signOutEverywhere(bearer)))])
            }
        }
    }

    /// Bearer first, then the call; its JSON is 200, its refusals the contract's statuses.
    func appAccountCall(_ request: HTTPRequest,
                        _ call: (AppAccountAPI, TokenService.Bearer, FormParameters) async throws -> JSONValue) async
        -> HTTPResponse
    {
        let api = appAccount
        do {
            let bearer = try await api.bearer(request.header("Authorization"))
            return http(EndpointResponse.json(try await call(api, bearer, request.form ?? FormParameters()), status: 200))
        } catch let refusal as AppAccountAPI.Refusal {
            return appAccountRefusal(refusal)
        } catch let failure as SignInService.Failure {
            return http(failure.oauthError.response)
        } catch {
            return http(OAuthError.from(error).response)
        }
    }

    /// The contract's status and code for each refusal of the account API.
    func appAccountRefusal(_ refusal: AppAccountAPI.Refusal) -> HTTPResponse {
        switch refusal {
        case .identityInUse: apiError(409, "identity_in_use", "another account already has this identity")
        case .lastMethod: apiError(409, "last_method", "this is the account's only way to sign in")
        case .noSuchMethod: apiError(400, "invalid_request", "the account has no sign-in method of that type")
        case .noPassword: apiError(400, "invalid_request", "the account does not sign in with a password")
        case .wrongCurrentPassword: apiError(400, "invalid_grant", "the current password is wrong")
        case .throttled: apiError(429, "slow_down", "too many wrong passwords; try again later")
        case .weakPassword(let violation): apiWeakPassword(violation)
        case .emailUnverified:
            apiError(403, "email_unverified", "confirm the account's email address before adding another way to sign in")
        }
    }
}
