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
    /// AccountLink's answer as `authorizeAppFlip` gets it; when none can be had (signed out, refresh
    /// refused, AccountLink unreachable or failing) `cancelled`, which Google's table gives for "offline,
    /// timeout" too (docs/app-flip-ios.md §5): it is recoverable, and Google continues with the browser
    /// flow, where the person signs in. A signed-out person who pressed "Cancel" gets `access_denied`.
    public func appFlip(_ request: AppFlipRequest, decision: AppFlipDecision = .allow) async -> AppFlipResponse {
        do {
            return try await authorizeAppFlip(request, decision: decision)
        } catch AccountLinkError.notSignedIn where decision == .deny {
            return .failure(.accessDenied, state: request.state)
        } catch {
            return .failure(.cancelled, state: request.state)
        }
    }

    /// AccountLink's answer to `POST /app-flip/authorize` (a code, or one of App Flip's four errors), or
    /// why there is none: `AccountLinkError.notSignedIn` (no tokens, or the refresh was refused),
    /// `.unreachable` (no answer: offline, timeout, connection refused), `.server` or `.unexpectedResponse`
    /// (an answer that is not App Flip's). The token is refreshed first when it is about to expire, and
    /// once more only when AccountLink answers 401 (`cancelled`: the token was revoked or expired early).
    public func authorizeAppFlip(_ request: AppFlipRequest, decision: AppFlipDecision = .allow) async throws
        -> AppFlipResponse
    {
        var refused: AppFlipResponse?
        do {
            return try await authorized { token in
                refused = nil  // only the last try's refusal is the answer
                let response = try await postAppFlip(request, decision: decision, token: token)
                guard response.status == 401 else { return try Self.appFlipAnswer(response, request) }
                refused = try Self.appFlipAnswer(response, request)
                throw TokenClient.error(response)
            }
        } catch let error as AccountLinkError where error.status == 401 {
            // Refused again with a refreshed token: AccountLink's own answer.
            guard let refused else { throw error }
            return refused
        }
    }

    /// The URL to open in Google's app (with `.universalLinksOnly`), nil only when the request's
    /// redirect URI cannot carry an answer.
    public func appFlipReturnURL(_ request: AppFlipRequest, decision: AppFlipDecision = .allow) async -> URL? {
        await appFlip(request, decision: decision).url(appendingTo: request.redirectURI)
    }

    private func postAppFlip(_ request: AppFlipRequest, decision: AppFlipDecision, token: String) async throws
        -> TransportResponse
    {
        var form = [("client_id", request.clientID), ("redirect_uri", request.redirectURI), ("scope", request.scope),
                    ("state", request.state)]
        if decision == .deny { form.append(("decision", "deny")) }
        return try await tokenClient.send("POST", "/app-flip/authorize", form: form, bearer: token)
    }

    /// A code (200) or an App Flip error, each with the request's own `state` (byte for byte, as
    /// received); any other answer is thrown as what it is.
    private static func appFlipAnswer(_ response: TransportResponse, _ request: AppFlipRequest) throws
        -> AppFlipResponse
    {
        guard let answer = try? JSONDecoder().decode(AppFlipAnswer.self, from: response.body) else {
            throw AccountLinkError.unexpectedResponse(status: response.status)
        }
        if response.status == 200, let code = answer.code { return .success(code: code, state: request.state) }
        guard response.status != 200, let error = answer.error.flatMap(AppFlipError.init(rawValue:)) else {
            throw response.status == 200
                ? AccountLinkError.unexpectedResponse(status: 200) : TokenClient.error(response)
        }
        return .failure(error, description: answer.error_description, state: request.state)
    }
}

/// `POST /app-flip/authorize`'s JSON, success or failure.
private struct AppFlipAnswer: Decodable {
    let code: String?
    let error: String?
    let error_description: String?
}
