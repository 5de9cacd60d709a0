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
            let scope = try scope(p["scope"], client)
            let code = try issueAuthorizationCode(
                CodeBinding(
                    client: client, redirectURI: redirectURI, scope: scope, accountID: bearer.account.id,
                    nonce: nil, codeChallenge: nil, authTime: bearer.record.authTime),
                environment: environment)
            environment.audit(.appFlipAllow, accountID: bearer.account.id, clientID: client.id)
            return success(code: code, state: p["state"], redirectURI: redirectURI)
        } catch {
            let oauth = Self.appFlipError(OAuthError.from(error))
            environment.log(oauth, ["oauth.endpoint": "app_flip", "oauth.client_id": p["client_id"] ?? ""])
            environment.audit(
                .appFlipRefused(oauth.code), clientID: p["client_id"], detail: oauth.detail)
            return failure(
                oauth, description: describe(oauth.code) ?? oauth.description, state: p["state"],
                redirectURI: p.duplicatedNames.isEmpty ? p["redirect_uri"] : nil)
        }
    }

    /// invalid_request: missing or doubled parameter, unknown client, unregistered redirect URI.
    private func checkClient(_ p: FormParameters) throws -> (Client, String) {
        if let name = p.duplicatedNames.first {
            throw OAuthError.invalidRequest("\(name) was sent more than once")
        }
        guard let clientID = p["client_id"], !clientID.isEmpty, let redirectURI = p["redirect_uri"],
            !redirectURI.isEmpty
        else { throw OAuthError.invalidRequest("client_id and redirect_uri are required") }
        guard let client = try environment.storage.client(id: clientID) else {
            throw OAuthError.invalidRequest("unknown client_id").because(.unknownClient)
        }
        // RFC 6749 §3.1.2.3: exact match with a registered URI.
        guard client.redirectURIs.containsBytes(redirectURI) else {
            throw OAuthError.invalidRequest("redirect_uri is not registered for this client").because(.unknownRedirectURI)
        }
        return (client, redirectURI)
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

    private func scope(_ text: String?, _ client: Client) throws -> [String] {
        do {
            return try ScopeRules.resolve(text, client: client, configuration: environment.configuration)
        } catch {
            throw OAuthError.invalidRequest(error.description)
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
