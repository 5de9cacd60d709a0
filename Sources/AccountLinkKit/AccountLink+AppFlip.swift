import AppFlipKit
import Foundation

/// App Flip (`POST /app-flip/authorize`, docs/app-flip-ios.md): the app received Google's universal link
/// (`AppFlipRequest`), showed its consent screen, and now asks AccountLink for the code.
extension AccountLink {
    public enum AppFlipDecision: Sendable {
        /// "Agree and link".
        case allow
        /// "Cancel": Google stops linking (`access_denied`).
        case deny
    }

    /// The answer to open in Google's app: `response.url(appendingTo: request.redirectURI)`.
    ///
    /// The token is refreshed first when it is about to expire, and once more when AccountLink says
    /// `cancelled` (the token was revoked or expired early). `cancelled` comes back only when no
    /// sign-in can be had (signed out, refresh refused, AccountLink unreachable): it is recoverable,
    /// and Google continues with the browser flow, where the person signs in.
    public func appFlip(_ request: AppFlipRequest, decision: AppFlipDecision = .allow) async -> AppFlipResponse {
        let denied = AppFlipResponse.failure(.accessDenied, state: request.state)
        guard let first = try? await tokens.validTokens() else { return decision == .deny ? denied : cancelled(request) }
        let answer = await authorizeAppFlip(request, decision: decision, token: first.accessToken)
        guard case .failure(.cancelled, _, _) = answer else { return answer }
        guard let fresh = try? await tokens.validTokens(rejected: first.accessToken) else { return answer }
        return await authorizeAppFlip(request, decision: decision, token: fresh.accessToken)
    }

    /// The URL to open in Google's app (with `.universalLinksOnly`), nil only when the request's
    /// redirect URI cannot carry an answer.
    public func appFlipReturnURL(_ request: AppFlipRequest, decision: AppFlipDecision = .allow) async -> URL? {
        await appFlip(request, decision: decision).url(appendingTo: request.redirectURI)
    }

    private func authorizeAppFlip(_ request: AppFlipRequest, decision: AppFlipDecision, token: String) async
        -> AppFlipResponse
    {
        var form = [("client_id", request.clientID), ("redirect_uri", request.redirectURI), ("scope", request.scope),
                    ("state", request.state)]
        if decision == .deny { form.append(("decision", "deny")) }
        guard let response = try? await tokenClient.send("POST", "/app-flip/authorize", form: form, bearer: token),
            let answer = try? JSONDecoder().decode(AppFlipAnswer.self, from: response.body)
        else { return cancelled(request) }
        if response.status == 200, let code = answer.code { return .success(code: code, state: request.state) }
        let error = answer.error.flatMap(AppFlipError.init(rawValue:)) ?? .cancelled
        return .failure(error, description: answer.error_description, state: request.state)
    }

    private func cancelled(_ request: AppFlipRequest) -> AppFlipResponse {
        .failure(.cancelled, state: request.state)
    }
}

/// `POST /app-flip/authorize`'s JSON, success or failure.
private struct AppFlipAnswer: Decodable {
    let code: String?
    let error: String?
    let error_description: String?
}
