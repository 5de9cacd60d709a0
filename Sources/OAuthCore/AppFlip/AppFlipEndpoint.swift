import Foundation
import Support

/// `POST /app-flip/authorize` as the HTTP layer parsed it.
public struct AppFlipRequest: Sendable {
    /// Form body: client_id, redirect_uri, scope, state, optional decision=deny.
    public var parameters: FormParameters
    /// `Authorization: Bearer <access token of a first-party client>`.
    public var authorization: String?

    public init(parameters: FormParameters, authorization: String?) {
        self.parameters = parameters
        self.authorization = authorization
    }
}

/// App Flip code issuance (docs/app-flip-ios.md §2): the maker's app, signed in with its own
/// token, asks for a code for Google after native consent. The code comes from the same
/// `issueAuthorizationCode` as the browser flow and is redeemed at `/token` like any other.
public struct AppFlipEndpoint: Sendable {
    let environment: OAuthEnvironment

    public init(environment: OAuthEnvironment) { self.environment = environment }

    /// The `error_description` for an App Flip error, written for the person who sees it in Google's app
    /// and in their language (the HTTP layer picks it); nil keeps the built-in English description.
    public typealias PersonalDescription = @Sendable (OAuthError.Code) -> String?

    public func handle(_ request: AppFlipRequest, describe: PersonalDescription = { _ in nil }) async -> EndpointResponse {
        let p = request.parameters
        do {
            let (client, redirectURI) = try checkClient(p)
            let bearer = try await checkAppToken(request.authorization)
            try checkDecision(p["decision"])
            // invalid_scope leaves as invalid_request (appFlipError): App Flip has no such code.
            let scope = try ScopeRules.resolve(
                p["scope"], client: client, configuration: environment.configuration,
                custom: try environment.customScopes())
            let code = try issueAuthorizationCode(
                CodeBinding(
                    client: client, redirectURI: redirectURI, scope: scope, accountID: bearer.account.id,
                    nonce: nil, codeChallenge: nil, authTime: bearer.record.authTime),
                environment: environment)
            environment.audit("app_flip.allow", accountID: bearer.account.id, clientID: client.id)
            return success(code: code, state: p["state"], redirectURI: redirectURI)
        } catch {
            let oauth = Self.appFlipError(OAuthError.from(error))
            environment.log(oauth, ["oauth.endpoint": "app_flip", "oauth.client_id": p["client_id"] ?? ""])
            environment.audit(
                "app_flip.\(oauth.code.rawValue)", clientID: p["client_id"], detail: oauth.detail)
            return failure(
                oauth, description: describe(oauth.code) ?? oauth.description, state: p["state"],
                redirectURI: RepeatedParameters.isClean(p) ? p["redirect_uri"] : nil)
        }
    }

    /// invalid_request: a doubled parameter (`RepeatedParameters`), or no registered client and redirect
    /// URI (`RegisteredRedirect`, the rule `/authorize` applies: resource servers are refused too).
    private func checkClient(_ p: FormParameters) throws -> (Client, String) {
        try RepeatedParameters.check(p)
        return try RegisteredRedirect.check(
            clientID: p["client_id"], redirectURI: p["redirect_uri"], lookUp: environment.storage.client(id:))
    }

    /// The app's own token (FirstPartyBearer). cancelled: missing, expired, revoked or not a first-party
    /// client's (recoverable: Google continues with the browser flow, where the person signs in);
    /// unrecoverable: the account is disabled or deleted.
    private func checkAppToken(_ authorization: String?) async throws -> TokenService.Bearer {
        do {
            return try await FirstPartyBearer(environment: environment).verify(authorization)
        } catch FirstPartyBearer.Refusal.accountInactive {
            throw OAuthError(.unrecoverable, "this account cannot be linked").because(.accountUnavailable)
        } catch is FirstPartyBearer.Refusal {
            throw OAuthError(.cancelled, "the app is not signed in; Google continues with the browser flow")
        }
    }

    /// access_denied when the user pressed Cancel in the app.
    private func checkDecision(_ decision: String?) throws {
        switch decision {
        case nil, "allow": return
        case "deny": throw OAuthError(.accessDenied, "the user declined to link the account")
        default: throw OAuthError.invalidRequest("decision must be allow or deny")
        }
    }

    /// Only App Flip's four values leave this endpoint; anything else (5xx) stays what it is.
    static func appFlipError(_ error: OAuthError) -> OAuthError {
        switch error.code {
        case .invalidRequest, .cancelled, .accessDenied, .unrecoverable, .serverError,
            .temporarilyUnavailable:
            return error
        default:
            return OAuthError(.invalidRequest, error.description, detail: error.detail)
        }
    }
}
